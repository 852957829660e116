// An article's read count (the "most read" order) as SQL: its row of article_reads, 0 for an article
// never read (no row). The outer query reads "articles" under its own name.
import { eq, sql } from 'drizzle-orm';
import { articleReads, articles } from '../../db/schema/index.js';

export const readCountOf = sql<number>`coalesce((select ${articleReads.readCount} from ${articleReads} where ${eq(articleReads.articleId, articles.id)}), 0)`;
