/** A link that carries the input in its fragment (never sent to any server): deflated when the browser can. */
export interface LinkedInput {
  text: string;
  mode: string;
  path: string;
}

export async function toLink(input: LinkedInput): Promise<string> {
  const bytes = new TextEncoder().encode(input.text);
  const params = new URLSearchParams();
  if (typeof CompressionStream === 'function') {
    params.set('z', base64url(await through(bytes, new CompressionStream('deflate-raw'))));
  } else params.set('stream', base64url(bytes));
  if (input.mode !== 'auto') params.set('mode', input.mode);
  if (input.path !== '') params.set('path', input.path);
  return params.toString();
}

/** The input a fragment carries, or null when it carries none (or cannot be read). */
export async function fromLink(fragment: string): Promise<LinkedInput | null> {
  const params = new URLSearchParams(fragment);
  const packed = params.get('z');
  const plain = params.get('stream');
  try {
    let bytes: Uint8Array;
    if (packed !== null && typeof DecompressionStream === 'function') bytes = await through(fromBase64url(packed), new DecompressionStream('deflate-raw'));
    else if (plain !== null) bytes = fromBase64url(plain);
    else return null;
    return { text: new TextDecoder().decode(bytes), mode: params.get('mode') ?? 'auto', path: params.get('path') ?? '' };
  } catch {
    return null;
  }
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
