import { DATA_EXPORT_DAYS, DATA_EXPORT_FORMAT_VERSION } from '@platter/shared';

/** README.txt of a data export: what each file is, in English and in Russian. */
export function dataExportReadme(displayName: string, exportedAt: string): string {
  return `Platter: your data
==================

Exported for ${displayName} at ${exportedAt} (format version ${DATA_EXPORT_FORMAT_VERSION}).
Every JSON file is UTF-8, indented, and described by a schema in Platter's source
(packages/shared/src/data-export.ts). Times are ISO 8601 in UTC.

README.txt        this file
profile.json      your account (name, email, when it was made) and your profile (name, bio, images)
profile/          your profile photo and cover image, as stored
tracks.json       every track you uploaded, hidden ones too: title, genre, tags, visibility,
                  counters, lyrics, and the path of its file in this archive
tracks/           the ORIGINAL files you uploaded, byte for byte, and each track's cover
releases.json     your albums, EPs and singles, with their tracks in order
releases/         the releases' covers
playlists.json    your playlists and those you collaborate on, entry by entry
playlists/        the same playlists as M3U8 and XSPF files (any player, or Platter's own import)
likes.json        tracks, releases and posts you liked, and when
history.json      "listens": your counted listens; "played": your listening history
comments.json     your comments and replies on tracks
posts.json        your posts
reposts.json      tracks and releases you reposted
follows.json      "following": artists you follow; "followers": people who follow you

The download link works for ${DATA_EXPORT_DAYS} days after the archive was made. It is your copy:
keep it safe, it holds your email address and everything listed above.


Platter: ваши данные
====================

Выгружено для ${displayName} ${exportedAt} (версия формата ${DATA_EXPORT_FORMAT_VERSION}).
Все файлы JSON в кодировке UTF-8, с отступами; схема каждого описана в исходном коде Platter
(packages/shared/src/data-export.ts). Время указано в формате ISO 8601, UTC.

README.txt        этот файл
profile.json      ваша учётная запись (имя, email, дата создания) и профиль (имя, о себе, изображения)
profile/          фото профиля и обложка в том виде, в каком они хранятся
tracks.json       все загруженные вами треки, включая скрытые: название, жанр, теги, видимость,
                  счётчики, текст песни и путь к файлу трека в этом архиве
tracks/           ИСХОДНЫЕ загруженные файлы, байт в байт, и обложки треков
releases.json     ваши альбомы, EP и синглы с треками по порядку
releases/         обложки релизов
playlists.json    ваши плейлисты и плейлисты, в которых вы соавтор, запись за записью
playlists/        те же плейлисты в форматах M3U8 и XSPF (для любого плеера или импорта в Platter)
likes.json        треки, релизы и записи, которые вам понравились, и когда
history.json      "listens": засчитанные прослушивания; "played": история прослушивания
comments.json     ваши комментарии и ответы к трекам
posts.json        ваши записи
reposts.json      треки и релизы, которыми вы поделились (репосты)
follows.json      "following": артисты, на которых вы подписаны; "followers": ваши подписчики

Ссылка на скачивание действует ${DATA_EXPORT_DAYS} дней после создания архива. Это ваша копия:
храните её бережно, в ней ваш email и всё перечисленное выше.
`;
}
