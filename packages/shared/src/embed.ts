import { z } from 'zod';

/* Contracts of embeds: the oEmbed endpoint (https://oembed.com) and the embed player's sizes. */

export * from './embed-code.js';

/** A positive pixel count in a query string (`maxwidth=480`). */
const pixels = z.coerce.number().int().min(1).max(10_000);

/**
 * GET /api/oembed query. `format` is any text: json (or none) is answered, anything else is a 501,
 * as the oEmbed spec asks of a provider that does not offer the format.
 */
export const oembedQuerySchema = z.object({
  url: z.string().min(1).max(2000).describe('The address of a Platter track or release page (/track/:id, /release/:id) or its embed (/embed/track/:id, /embed/release/:id); an unlisted one with its ?s= secret'),
  maxwidth: pixels.optional(),
  maxheight: pixels.optional(),
  format: z.string().max(20).optional().describe('json (the default); xml and others are answered 501'),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** The oEmbed answer, rich type (oEmbed 1.0, section 2.3.4 and 2.3.4.4). */
export const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  html: z.string().describe('The embed: an iframe of /embed/track/:id or /embed/release/:id'),
  width: z.number().int(),
  height: z.number().int(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type Oembed = z.infer<typeof oembedSchema>;
