// A live read accepts the media type of the framing the body was read with: a real Bedrock body sent as
// `application/vnd.amazon.eventstream` gets no `content type` finding; the same body labelled as SSE does, and so
// does an SSE body labelled as an AWS event stream.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reconstructStream } from '../../../../src/index.js';
import { fixtures } from '../../../../src/fixtures/index.js';

const vectors = join(import.meta.dirname, '../../../vectors/bedrock');
const body = (name: string): Uint8Array => new Uint8Array(Buffer.concat((JSON.parse(readFileSync(join(vectors, name), 'utf8')) as { chunks: string[] }).chunks.map((c) => Buffer.from(c, 'base64'))));
const response = (content: Uint8Array | string, contentType: string) => new Response(content as BodyInit, { status: 200, headers: { 'content-type': contentType } });
const contentTypeFindings = (result: { findings: Array<{ code: string; message: string }> }) => result.findings.filter((finding) => finding.code === 'content type');

describe('live reads: the framing read with names the media type', () => {
  it('a binary Bedrock body sent as application/vnd.amazon.eventstream: no content type finding', async () => {
    const result = await reconstructStream(response(body('converse-reasoning.json'), 'application/vnd.amazon.eventstream'));
    expect(result.format).toBe('bedrock');
    expect(result.verdict).toBe('complete');
    expect(contentTypeFindings(result)).toEqual([]);
    expect(result.source?.httpProblem).toBeNull();
  });

  it('the same, forced as bedrock', async () => {
    const result = await reconstructStream(response(body('converse-reasoning.json'), 'application/vnd.amazon.eventstream'), { format: 'bedrock' });
    expect(contentTypeFindings(result)).toEqual([]);
  });

  it('the binary body labelled text/event-stream: the finding names the AWS media type', async () => {
    const result = await reconstructStream(response(body('converse-reasoning.json'), 'text/event-stream'));
    const [finding] = contentTypeFindings(result);
    expect(finding?.message).toContain('not application/vnd.amazon.eventstream');
    expect(result.source?.httpProblem).toContain('not application/vnd.amazon.eventstream');
  });

  it('an SSE body labelled as an AWS event stream: the finding names text/event-stream', async () => {
    const text = fixtures('bedrock').find((fixture) => fixture.kind === 'text')?.stream as string;
    const result = await reconstructStream(response(text, 'application/vnd.amazon.eventstream'));
    expect(result.format).toBe('bedrock');
    expect(contentTypeFindings(result)[0]?.message).toContain('not text/event-stream');
  });

  it('an SSE body with text/event-stream (a charset after it): none', async () => {
    const text = fixtures('bedrock').find((fixture) => fixture.kind === 'text')?.stream as string;
    const result = await reconstructStream(response(text, 'text/event-stream; charset=utf-8'));
    expect(contentTypeFindings(result)).toEqual([]);
  });
});
