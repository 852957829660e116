import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';

export const UploadResult = Type.Object({
  name: Type.String({ description: 'Server-made file name' }),
  url: Type.String({ description: 'Where the re-encoded picture is read from' }),
  type: Type.String({ description: 'image/jpeg or image/png' }),
  thumbUrl: Type.String({ description: 'The 300 px wide thumbnail' }),
});
export type UploadResult = Static<typeof UploadResult>;

export const UploadResponse = { 200: Envelope(Type.Array(UploadResult)) };
