import type { Profile, ProfileImageKind } from '@platter/shared';
import { useMutation } from '@tanstack/react-query';
import { putImageBody } from '../../../lib/put-image-body';
import { useInvalidateProfile } from './update-profile';

/** `PUT /api/me/images/avatar|cover` with the image as the body; the server resizes it. */
export function putProfileImage({ kind, image }: { kind: ProfileImageKind; image: Blob }): Promise<Profile> {
  return putImageBody(`/api/me/images/${kind}`, image, 'profileSchema');
}

export function usePutProfileImage() {
  const invalidate = useInvalidateProfile();
  return useMutation({ mutationFn: putProfileImage, onSuccess: invalidate });
}
