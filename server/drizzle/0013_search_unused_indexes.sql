DROP INDEX "articles_search_title_idx";--> statement-breakpoint
DROP INDEX "articles_search_head_idx";