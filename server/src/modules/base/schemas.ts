import Type from 'typebox';
import { Envelope } from '../../lib/envelope.js';

export const Health = Type.Object({
  status: Type.Unsafe<'ok' | 'error'>({ type: 'string', enum: ['ok', 'error'] }),
  db: Type.Unsafe<'ok' | 'error'>({ type: 'string', enum: ['ok', 'error'] }),
});

export const HealthResponse = { 200: Envelope(Health), 503: Envelope(Health) };

export const SiteConfig = Type.Object({
  downloadIosUrl: Type.String({ description: 'App Store page, or empty' }),
  downloadAndroidUrl: Type.String({ description: 'Android package URL, or empty' }),
  medicalHumanitiesUrl: Type.String({ description: 'External medical humanities link, or empty' }),
  membershipBaseUrl: Type.String({ description: "Base URL of /index.php; '' means this server" }),
});

export const SiteConfigResponse = { 200: Envelope(SiteConfig) };
