/**
 * Where uploaded files live (ARCHITECTURE §1: local disk | S3-compatible). Keys are made by the
 * server ("2026/11/<random>.jpg"), never taken from a client.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key (replacing nothing: keys are random and new). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file of this machine under the key, read as a stream (a video of hundreds of MB is
   * never held in memory); the file itself is left where it is.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** The URL a browser reads the file from. */
  publicUrl(key: string): string;
}

export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://oss-cn-beijing.aliyuncs.com, http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL objects are read from (the bucket's public URL or a CDN in front of it). */
  publicBaseUrl: string;
  /** Path-style (endpoint/bucket/key) rather than virtual-hosted (bucket.endpoint/key) requests. */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket, e.g. "uploads/". */
  keyPrefix: string;
}

export interface UploadSettings {
  storage: 'local' | 's3';
  /** Local storage: the folder files are written to (served at /api/uploads/). */
  dir: string;
  s3?: S3Settings;
}

/** The URL path local uploads are served at (plugins/static.ts). */
export const LOCAL_UPLOADS_PATH = '/api/uploads/';
