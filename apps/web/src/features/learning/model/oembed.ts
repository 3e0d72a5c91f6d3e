/**
 * iframe-video thumbnails (contracts README, 000 §7): the video host's oEmbed endpoint, read
 * for thumbnail_url. Only hosts with a known public endpoint are asked; for others (and on any
 * failure) the thumbnail is marked failed and a placeholder shows (000 §8: silent).
 */
const PROVIDERS: { hosts: RegExp; endpoint: string }[] = [
  { hosts: /(^|\.)youtube\.com$|(^|\.)youtu\.be$|(^|\.)youtube-nocookie\.com$/, endpoint: 'https://www.youtube.com/oembed' },
  { hosts: /(^|\.)vimeo\.com$/, endpoint: 'https://vimeo.com/api/oembed.json' },
];

/** The oEmbed URL for a video page or embed URL, or null when its host has none we know. */
export const oembedEndpoint = (src: string): string | null => {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const provider = PROVIDERS.find((p) => p.hosts.test(url.hostname.toLowerCase()));
  if (!provider) return null;
  return `${provider.endpoint}?${new URLSearchParams({ url: src, format: 'json' }).toString()}`;
};
