// Strings of the media library's components. The server's refusals (server/src/modules/editorial/
// media.ts MediaMessages) are shown as the server sends them; the two below are the same text, said
// before a file is sent when its name or size already tells.
import type { MediaKind } from './mediaApi';

const KIND_LABEL: Record<MediaKind, string> = { image: '图片', video: '视频', audio: '音频' };

/**
 * The server's default limits (config.ts defaultMediaLimits): a file over them is refused here
 * before it is sent. A server configured higher still refuses by its own limits; one configured
 * lower answers with its own message after the upload.
 */
export const DEFAULT_LIMITS: Record<MediaKind, number> = { image: 10 * 1024 * 1024, audio: 100 * 1024 * 1024, video: 500 * 1024 * 1024 };

export const MEDIA_MSG = {
  typeRefused: '上传文件只能是 JPG、PNG、WebP 图片，MP4 视频或 MP3、M4A 音频!',
  sizeRefused: (kind: MediaKind, limit: number) => `上传${KIND_LABEL[kind]}大小不能超过 ${Math.round(limit / (1024 * 1024))}MB!`,
  choose: { image: '上传图片', video: '上传视频', audio: '上传音频', any: '上传文件' } as Record<MediaKind | 'any', string>,
  hint: { image: 'JPG、PNG、WebP，不超过10MB', video: 'MP4，不超过500MB', audio: 'MP3、M4A，不超过100MB' } as Record<MediaKind, string>,
  access: '权限',
  accessPublic: '公开',
  accessMember: '会员专享',
  memberHint: '会员专享的视频和音频只通过限时签名链接播放',
  uploading: (name: string) => `正在上传 ${name}`,
  uploaded: '上传完成',
  failed: '上传失败',
  // The picker.
  pickerKinds: { all: '全部类型', image: '图片', video: '视频', audio: '音频' } as Record<MediaKind | 'all', string>,
  pickerAccess: { all: '全部权限', public: '公开', member: '会员专享' } as Record<string, string>,
  mineOnly: '只看我上传的',
  choose1: '选用',
  chosen: '已选用',
  empty: '媒体库中还没有文件',
  loadFailed: '媒体库加载失败',
  retry: '重试',
  total: (n: number) => `共 ${n} 个文件`,
  columns: { preview: '预览', name: '文件', info: '信息', access: '权限', uploader: '上传人', createdAt: '上传时间', action: '操作' },
} as const;

/** The kind a file will be by its name and declared type (the server reads its bytes and decides). */
export function kindOfFile(file: { name: string; type: string }): MediaKind | undefined {
  const name = file.name.toLowerCase();
  if (/\.(jpe?g|png|webp)$/.test(name) || /^image\/(jpeg|png|webp)$/.test(file.type)) return 'image';
  if (/\.mp4$/.test(name) || file.type === 'video/mp4') return 'video';
  if (/\.(mp3|m4a)$/.test(name) || /^audio\/(mpeg|mp3|mp4|x-m4a|aac)$/.test(file.type)) return 'audio';
  return undefined;
}

/** What the file dialog offers for the kinds a component takes. */
export function acceptOf(kinds: readonly MediaKind[]): string {
  const accept: Record<MediaKind, string> = {
    image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
    video: '.mp4,video/mp4',
    audio: '.mp3,.m4a,audio/mpeg,audio/mp4,audio/x-m4a',
  };
  return kinds.map((k) => accept[k]).join(',');
}
