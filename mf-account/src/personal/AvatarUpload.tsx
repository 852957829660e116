// Avatar change (§2.6, §5): JPG or PNG under 10 MB, one picture; File/uploadFile, then updateAvatar.
// The session user gets the new avatar so the header shows it at once. A file input of its own under
// the button (antd's Upload would bring its list, progress and rc-upload to every tab's first view).
import { api, getSession, MSG, toast, updateSessionUser, validateImageFile, type Profile } from '@qianyan/shared/core';
import { CameraIcon, LoadingIcon } from '@qianyan/shared/plain';
import { useRef, useState, type ChangeEvent } from 'react';
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
  const input = useRef<HTMLInputElement>(null);
  const onPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    // The file is taken before the input is cleared (clearing empties its list), and the input is
    // cleared so that picking the same picture again is a change too.
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !checkAvatarFile(file)) return;
    setBusy(true);
    try {
      // Awaited on a line of its own: in `onChanged?.(await …)` a missing onChanged skips the upload.
      const profile = await uploadAvatar(file);
      onChanged?.(profile);
    } catch {
      // The API client has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="qy-avatar-upload">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        className="qy-avatar-upload__input"
        tabIndex={-1}
        aria-hidden="true"
        disabled={busy}
        onChange={onPicked}
      />
      <button
        type="button"
        className="qy-avatar-upload__button"
        disabled={busy}
        aria-label={T.avatarChange}
        onClick={() => input.current?.click()}
      >
        {busy ? <LoadingIcon /> : <CameraIcon />}
        <span>{busy ? T.avatarUploading : T.avatarChange}</span>
      </button>
    </span>
  );
}
