import { register } from 'node:module';

register('./resolve-drizzle-orm.mjs', import.meta.url);
