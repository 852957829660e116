// The wire shapes of the courses and conferences console (/api/editor/courses/*, /api/editor/conferences/*).
// Rules whose message names an item or depends on other fields are checked in the service
// (courses.ts); the schemas keep the types and outer bounds, each with the field's own message.
import Type, { type Static } from 'typebox';
import { EDITORIAL_STATES } from '../../db/schema/content.js';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, PageResultSchema, pageQueryProperties } from '../../lib/lists.js';
import { COURSE_LIMITS, CourseConsoleMessages as M } from './coursesMessages.js';
import { RevisionItem as RevisionItemSchema } from './schemas.js';
import { EditorialMessages as EM } from './messages.js';

const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: M.idInvalid });
const Revision = Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'The revision the editor had', errorMessage: M.revisionRequired });
const Loose = (description: string, maxLength: number, errorMessage: string) => Type.String({ maxLength, description, errorMessage });
const Small = (description: string, errorMessage: string) => Type.Integer({ minimum: 0, maximum: 9, description, errorMessage });

const MediaItem = Type.Object({
  url: Type.String({ maxLength: COURSE_LIMITS.url, description: 'A site path (an /api/media/ path for member media) or an http(s) address', errorMessage: '媒体文件地址不能超过2000个字符' }),
  fileType: Type.String({ maxLength: 16, description: 'video, audio or image', errorMessage: '媒体文件类型应为video、audio或image' }),
});
const Media = Type.Array(MediaItem, { maxItems: 100, description: 'The media, in order', errorMessage: M.mediaTooMany });
const ClassIds = Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: COURSE_LIMITS.classIds, description: 'Disease areas', errorMessage: M.classIdsInvalid });

const lessonProperties = {
  parentId: Type.Union([Id, Type.Null()], { description: 'The series (lessons.id) a child lesson belongs to; null for a single lesson or a series', errorMessage: M.parentUnknown }),
  title: Loose(`Title, up to ${COURSE_LIMITS.title} characters; required`, 100_000, M.titleTooLong),
  subhead: Loose('Subtitle', 100_000, M.subheadTooLong),
  subjectSerType: Small('1 single video, 2 video series, 3 list-style card, 4 image-text, 5 image-text series', M.subjectSerType),
  subjectType: Small('Media kind: 1 or 4 audio, 2 video, 3 image-text', M.subjectType),
  ifViewAuth: Small('1 needs login and a completed profile, 2 needs login only', M.ifViewAuth),
  memberOnly: Small('1: full media and text for active members only (and free reads)', M.memberOnly),
  classIds: ClassIds,
  coverPc: Loose('PC cover: a site or http(s) address; may be empty', COURSE_LIMITS.url, M.coverPcInvalid),
  coverMobile: Loose('Mobile cover: a site or http(s) address; may be empty', COURSE_LIMITS.url, M.coverMobileInvalid),
  media: Media,
  content: Loose('The text (HTML, cleaned): an image-text course\'s body, a series\' intro', COURSE_LIMITS.content, M.contentTooLong),
  aboutcontent: Loose('About the course (HTML, cleaned)', COURSE_LIMITS.aboutcontent, M.aboutcontentTooLong),
  outsideChain: Loose('An outside-chain course: the http(s) address it opens (with the single sign-on data appended)', COURSE_LIMITS.url, M.outsideChainInvalid),
};
export const LessonDocument = Type.Object(lessonProperties);
export type LessonDocument = Static<typeof LessonDocument>;
export const LESSON_FIELDS = Object.keys(lessonProperties) as (keyof LessonDocument)[];
export const LessonInput = Type.Partial(LessonDocument);
export type LessonInput = Static<typeof LessonInput>;

const conferenceProperties = {
  title: Loose(`Title, up to ${COURSE_LIMITS.title} characters; required`, 100_000, M.conferenceTitleTooLong),
  subhead: Loose('Subtitle', 100_000, M.conferenceSubheadTooLong),
  sponsor: Loose(`Sponsor, up to ${COURSE_LIMITS.sponsor} characters`, 10_000, M.sponsorTooLong),
  imgPc: Loose('Cover: a site or http(s) address; may be empty', COURSE_LIMITS.url, M.imgPcInvalid),
  classIds: ClassIds,
  beginTime: Loose("Begins: 'YYYY-MM-DD HH:mm' (Asia/Shanghai)", 40, M.beginTimeInvalid),
  endTime: Loose("Ends: 'YYYY-MM-DD HH:mm' (Asia/Shanghai), not before it begins", 40, M.endTimeInvalid),
  content: Loose('The notice or review (HTML, cleaned)', COURSE_LIMITS.content, M.conferenceContentTooLong),
  media: Media,
  status: Small('1 review (past), 2 notice (upcoming)', M.conferenceStatus),
};
export const ConferenceDocument = Type.Object(conferenceProperties);
export type ConferenceDocument = Static<typeof ConferenceDocument>;
export const CONFERENCE_FIELDS = Object.keys(conferenceProperties) as (keyof ConferenceDocument)[];
export const ConferenceInput = Type.Partial(ConferenceDocument);
export type ConferenceInput = Static<typeof ConferenceInput>;

const Can = Type.Object({
  update: Type.Boolean(),
  submit: Type.Boolean(),
  toDraft: Type.Boolean(),
  publish: Type.Boolean(),
  schedule: Type.Boolean(),
  withdraw: Type.Boolean(),
  restore: Type.Boolean(),
});

const stateProperties = {
  id: Type.Integer(),
  state: StringEnum(EDITORIAL_STATES),
  stateLabel: Type.String(),
  revision: Type.Integer({ description: 'Send it back as baseRevision (saves) or revision (state changes)' }),
  publishAtShanghai: Type.String({ description: 'When a scheduled item goes live, YYYY-MM-DD HH:mm (Asia/Shanghai); empty otherwise' }),
  createdBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  updatedAt: Type.String(),
};

export const ChildLesson = Type.Object({
  id: Type.Integer(),
  lessonResId: Type.Integer(),
  title: Type.String(),
  state: StringEnum(EDITORIAL_STATES),
  stateLabel: Type.String(),
  subjectSerType: Type.Integer(),
  ifViewAuth: Type.Integer(),
  memberOnly: Type.Integer(),
  sort: Type.Integer(),
});
export type ChildLesson = Static<typeof ChildLesson>;

export const EditorLesson = Type.Object({
  ...stateProperties,
  lessonResId: Type.Integer({ description: 'The reader URL key: /course-video?id=, /series-courses?id=' }),
  document: LessonDocument,
  children: Type.Array(ChildLesson, { description: "A series' child lessons in their order" }),
  can: Can,
});
export type EditorLesson = Static<typeof EditorLesson>;
export const EditorLessonResponse = { 200: Envelope(EditorLesson) };

export const EditorConference = Type.Object({ ...stateProperties, document: ConferenceDocument, can: Can });
export type EditorConference = Static<typeof EditorConference>;
export const EditorConferenceResponse = { 200: Envelope(EditorConference) };

export const LessonListItem = Type.Object({
  ...stateProperties,
  lessonResId: Type.Integer(),
  title: Type.String(),
  subjectSerType: Type.Integer(),
  subjectType: Type.Integer(),
  ifViewAuth: Type.Integer(),
  memberOnly: Type.Integer(),
  outsideChain: Type.String(),
  childCount: Type.Integer(),
});
export type LessonListItem = Static<typeof LessonListItem>;
export const LessonListResponse = { 200: Envelope(PageResultSchema(LessonListItem)) };

export const ConferenceListItem = Type.Object({
  ...stateProperties,
  title: Type.String(),
  sponsor: Type.String(),
  status: Type.Integer(),
  beginTime: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai)' }),
  endTime: Type.String(),
});
export type ConferenceListItem = Static<typeof ConferenceListItem>;
export const ConferenceListResponse = { 200: Envelope(PageResultSchema(ConferenceListItem)) };

const listProperties = {
  ...pageQueryProperties,
  state: Type.Optional(StringEnum(EDITORIAL_STATES, { description: 'Only this state', errorMessage: '状态不正确' })),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the title', errorMessage: '标题不能超过100个字符' })),
};
export const LessonListBody = Type.Object({
  ...listProperties,
  subjectSerType: Type.Optional(Small('Only this type', M.subjectSerType)),
});
export type LessonListBody = Static<typeof LessonListBody>;
export const ConferenceListBody = Type.Object({ ...listProperties, status: Type.Optional(Small('1 reviews, 2 notices', M.conferenceStatus)) });
export type ConferenceListBody = Static<typeof ConferenceListBody>;

export const IdBody = Type.Object({ id: Id });
export const LessonCreateBody = Type.Object({ document: LessonInput });
export const LessonSaveBody = Type.Object({ id: Id, baseRevision: Revision, document: LessonInput });
export const ConferenceCreateBody = Type.Object({ document: ConferenceInput });
export const ConferenceSaveBody = Type.Object({ id: Id, baseRevision: Revision, document: ConferenceInput });
export const ContentTransitionBody = Type.Object({
  id: Id,
  revision: Revision,
  note: Type.Optional(Type.String({ maxLength: 500, errorMessage: '备注不能超过500个字符' })),
});
export type ContentTransitionBody = Static<typeof ContentTransitionBody>;
export const ContentScheduleBody = Type.Object({
  ...ContentTransitionBody.properties,
  publishAt: Type.String({ maxLength: 40, description: "When it goes live: 'YYYY-MM-DD HH:mm' (Asia/Shanghai)", errorMessage: EM.publishAtInvalid }),
});
export type ContentScheduleBody = Static<typeof ContentScheduleBody>;
export const LessonOrderBody = Type.Object({
  id: Id,
  revision: Revision,
  childIds: Type.Array(Id, { maxItems: COURSE_LIMITS.children, description: "The series' child lessons (lessons.id), all of them, in the new order", errorMessage: M.orderMismatch }),
});
export type LessonOrderBody = Static<typeof LessonOrderBody>;
export const RevisionGetBody = Type.Object({ id: Id, revisionId: Id });
export const RevisionRestoreBody = Type.Object({ id: Id, revisionId: Id, baseRevision: Revision });

export const ContentRevisionListResponse = { 200: Envelope(Type.Array(RevisionItemSchema)) };
export const LessonRevisionResponse = { 200: Envelope(Type.Object({ ...RevisionItemSchema.properties, document: LessonDocument })) };
export const ConferenceRevisionResponse = { 200: Envelope(Type.Object({ ...RevisionItemSchema.properties, document: ConferenceDocument })) };
export type ContentRevisionDetail<D> = RevisionItem & { document: D };
export type RevisionItem = Static<typeof RevisionItemSchema>;
