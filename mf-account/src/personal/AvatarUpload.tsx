// Avatar change (§2.6, §5): JPG or PNG under 10 MB, one picture; File/uploadFile, then updateAvatar.
// The session user gets the new avatar so the header shows it at once.
import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import { api, getSession, MSG, toast, updateSessionUser, validateImageFile, type Profile } from '@qianyan/shared';
import { Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { PERSONAL_TEXT as T } from './messages';

/** Checks the picture before it is sent; a refusal shows the §5 message and nothing is uploaded. */
export function checkAvatarFile(file: { type: string; size: number }): boolean {
  const problem = validateImageFile(file);
  if (problem) toast.error(problem);
  return !problem;
}

/** Uploads the picture and makes it the avatar; returns the updated profile. */
export async function uploadAvatar(file: Blob): Promise<Profile> {
  const [uploaded] = await api.file.uploadFile(file);
  if (!uploaded) throw new Error(MSG.busy);
  const profile = await api.user.updateAvatar({ avatar: uploaded.url });
  const session = getSession();
  if (session) updateSessionUser({ ...session.user, avatar: profile.avatar || uploaded.url });
  toast.success(MSG.modifySuccess);
  return profile;
}

export function AvatarUpload({ onChanged }: { onChanged?(profile: Profile): void }) {
  const [busy, setBusy] = useState(false);
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setBusy(true);
    try {
      const profile = await uploadAvatar(file as Blob);
      onSuccess?.(profile);
      onChanged?.(profile);
    } catch (err) {
      // The API client has shown the server's refusal.
      onError?.(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload
      accept="image/jpeg,image/png"
      maxCount={1}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => (checkAvatarFile(file) ? true : Upload.LIST_IGNORE)}
      customRequest={customRequest}
      className="qy-avatar-upload"
    >
      <button type="button" className="qy-avatar-upload__button" disabled={busy} aria-label={T.avatarChange}>
        {busy ? <LoadingOutlined aria-hidden="true" /> : <CameraOutlined aria-hidden="true" />}
        <span>{busy ? T.avatarUploading : T.avatarChange}</span>
      </button>
    </Upload>
  );
}
