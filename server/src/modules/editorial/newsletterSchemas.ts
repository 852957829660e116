// The wire shapes of the weekly newsletter's console routes (/api/editor/newsletter/*). Field rules
// with their messages are checked in the service (newsletter.ts); the schemas keep types and bounds.
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID } from '../../lib/lists.js';
import { NewsletterMessages as M } from './newsletterMessages.js';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description, errorMessage: M.idInvalid });

/** What a newsletter is made of: the issue, the subject and the intro (the console's form). */
export const NewsletterComposeBody = Type.Object({
  issueId: Type.Optional(Id('A published weekly issue (required; refused naming the field when missing)')),
  subject: Type.Optional(Type.String({ maxLength: 1000, description: 'The mail subject (required, up to 100 characters)' })),
  intro: Type.Optional(Type.String({ maxLength: 10_000, description: 'A few words above the articles (up to 2000 characters)' })),
  /** The preview only: show the mail as a reader of these disease areas would get it. */
  classIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), { maxItems: 20, description: 'Preview only: the disease areas of the reader shown' })),
});
export type NewsletterComposeBody = Static<typeof NewsletterComposeBody>;

export const NewsletterSendBody = Type.Object({
  issueId: NewsletterComposeBody.properties.issueId,
  subject: NewsletterComposeBody.properties.subject,
  intro: NewsletterComposeBody.properties.intro,
  ratePerSecond: Type.Optional(Type.Integer({ description: 'Messages per second (1–100, 5 by default)', errorMessage: M.rate })),
});
export type NewsletterSendBody = Static<typeof NewsletterSendBody>;

export const NewsletterJobIdBody = Type.Object({ id: Id('The job') });
export type NewsletterJobIdBody = Static<typeof NewsletterJobIdBody>;

export const NewsletterPreview = Type.Object({
  subject: Type.String(),
  html: Type.String({ description: 'The mail as HTML (the unsubscribe link is a sample)' }),
  text: Type.String(),
  articleCount: Type.Integer({ description: 'Articles in this preview (after the areas filter)' }),
  issueArticleCount: Type.Integer({ description: 'Published articles of the issue' }),
  recipients: Type.Integer({ description: 'Readers a send would go to now (consent on and an e-mail)' }),
});
export type NewsletterPreview = Static<typeof NewsletterPreview>;

export const NewsletterTestResult = Type.Object({ email: Type.String(), msg: Type.String(), articleCount: Type.Integer() });

export const NewsletterJob = Type.Object({
  id: Type.Integer(),
  issueId: Type.Integer(),
  issueTitle: Type.String(),
  list: Type.String(),
  subject: Type.String(),
  state: Type.Unsafe<'running' | 'done'>({ type: 'string', enum: ['running', 'done'] }),
  stateLabel: Type.String({ description: '发送中 or 已完成' }),
  ratePerSecond: Type.Integer(),
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
  pending: Type.Integer({ description: 'Not yet sent (waiting or being sent)' }),
  createdByName: Type.String(),
  createdAt: Type.String(),
  finishedAt: Type.String({ description: "'' while running" }),
  failures: Type.Array(Type.Object({ email: Type.String(), error: Type.String() }), { description: 'Up to 20 failed deliveries' }),
});
export type NewsletterJob = Static<typeof NewsletterJob>;

export const NewsletterPreviewResponse = { 200: Envelope(NewsletterPreview) };
export const NewsletterTestResponse = { 200: Envelope(NewsletterTestResult) };
export const NewsletterJobResponse = { 200: Envelope(NewsletterJob) };
export const NewsletterJobListResponse = { 200: Envelope(Type.Object({ results: Type.Array(NewsletterJob) })) };

export const UnsubscribeQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
