import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_TYPE_MESSAGE } from '@spotter/shared';
import { useUploadProfilePicture, type PictureTarget } from '../api/upload-profile-picture';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Spec 5: one image of at most 5,000,000 bytes; a rejected file shows its reason. */
export function pictureRejection(file: File): string | null {
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PROFILE_PICTURE_TOO_LARGE_MESSAGE;
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return PROFILE_PICTURE_TYPE_MESSAGE;
  return null;
}

type ProfilePictureUploadProps = {
  name: string;
  email: string | null;
  pictureUrl: string | null;
  target: PictureTarget;
  ownerQueryKey: QueryKey;
  /** What the picture is called (issue 22: a gym's logo); 'picture' unless said. */
  noun?: string;
};

/** The panel's header: the picture with its upload button, the name and the email. */
export function ProfilePictureUpload({ name, email, pictureUrl, target, ownerQueryKey, noun = 'picture' }: ProfilePictureUploadProps) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const upload = useUploadProfilePicture(target, ownerQueryKey);
  const [rejection, setRejection] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    const reason = pictureRejection(file);
    setRejection(reason);
    if (!reason) upload.mutate(file);
  };

  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={pictureUrl}
          alt={pictureUrl ? (noun === 'picture' ? `Profile picture of ${name}` : `${Noun} of ${name}`) : undefined}
          size={72}
          radius="xl"
          color="spotterBlue"
        >
          {initials}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" truncate>
            {name}
          </Text>
          {email && (
            <Text size="sm" c="dimmed" truncate>
              {email}
            </Text>
          )}
          <FileButton
            onChange={choose}
            accept={ACCEPTED_TYPES.join(',')}
            inputProps={{ 'aria-label': noun === 'picture' ? 'Profile picture file' : `${Noun} file` }}
          >
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={upload.isPending} w="fit-content">
                {`Upload ${noun}`}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      {rejection && (
        <Text size="sm" c="red.9" role="alert">
          {rejection}
        </Text>
      )}
    </Stack>
  );
}
