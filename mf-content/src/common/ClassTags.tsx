// The disease-area tags live in @qianyan/shared (the article and course pages both show them).
export { ClassTags } from '@qianyan/shared';
