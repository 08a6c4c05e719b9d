/** A link that carries the input in its fragment (never sent to any server): deflated when the browser can. */
export interface LinkedInput {
  text: string;
  mode: string;
  path: string;
}

/**
 * The most bytes of stream a link may carry (16 MiB): a link's fragment is small, but deflated it can stand for far
 * more (a 1.6 MB link once inflated to 400 MB and held the tab for over a minute), so it is inflated in pieces and
 * refused past this.
 */
export const LINK_TEXT_LIMIT = 16 * 1024 * 1024;

/** Why a link's stream is refused, in words for the page. */
export const LINK_TOO_LARGE = `This link's stream is too large: it inflates past ${LINK_TEXT_LIMIT / 1024 / 1024} MiB, the most a link may carry. Open the capture as a file instead.`;

/** A link's fragment for the input; null when its stream is past LINK_TEXT_LIMIT (no page would open it). */
export async function toLink(input: LinkedInput): Promise<string | null> {
  const bytes = new TextEncoder().encode(input.text);
  if (bytes.byteLength > LINK_TEXT_LIMIT) return null;
  const params = new URLSearchParams();
  if (typeof CompressionStream === 'function') {
    params.set('z', base64url(await through(bytes, new CompressionStream('deflate-raw'))));
  } else params.set('stream', base64url(bytes));
  if (input.mode !== 'auto') params.set('mode', input.mode);
  if (input.path !== '') params.set('path', input.path);
  return params.toString();
}

/**
 * The input a fragment carries, `too large` when its stream is past LINK_TEXT_LIMIT (the rest is not inflated), or
 * null when it carries none (or cannot be read). The bytes are decoded as they are: a byte order mark stays.
 */
export async function fromLink(fragment: string): Promise<LinkedInput | 'too large' | null> {
  const params = new URLSearchParams(fragment);
  const packed = params.get('z');
  const plain = params.get('stream');
  try {
    let bytes: Uint8Array | null;
    if (packed !== null && typeof DecompressionStream === 'function') bytes = await inflate(fromBase64url(packed), LINK_TEXT_LIMIT);
    else if (plain !== null) bytes = fromBase64url(plain);
    else return null;
    if (bytes === null || bytes.byteLength > LINK_TEXT_LIMIT) return 'too large';
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), mode: params.get('mode') ?? 'auto', path: params.get('path') ?? '' };
  } catch {
    return null;
  }
}

/** Inflates piece by piece; null as soon as the output passes `limit` (the rest is cancelled, never inflated). */
async function inflate(bytes: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    pieces.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    whole.set(piece, at);
    at += piece.byteLength;
  }
  return whole;
}

async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
