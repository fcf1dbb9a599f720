import * as z from 'zod/mini';

/**
 * One node of a page's lead (see manifest/lead.ts): a text, or
 * `[tag, attributes or null, ...children]`.
 */
export type LeadNode = string | [string, Record<string, string> | null, ...LeadNode[]];

export const LeadNode: z.ZodMiniType<LeadNode> = z.union([
  z.string(),
  z.custom<[string, Record<string, string> | null, ...LeadNode[]]>((v) => Array.isArray(v) && typeof v[0] === 'string' && (v[1] === null || (typeof v[1] === 'object' && !Array.isArray(v[1])))),
]);
