// `--clients` on the command line: what each client of the capture's format does with it, in the report and in JSON.
import { describe, expect, test } from 'vitest';
import { fixture } from '../../src/fixtures/index.js';
import { clientProfiles } from '../../src/index.js';
import { runInProcess } from './in-process.js';

const whole = fixture('chat-completions/text').stream;
const cut = whole.slice(0, whole.lastIndexOf('data: {'));
const readers = clientProfiles().get('chat-completions')!.length;

describe('--clients', () => {
  test('a whole stream: every reader reads it whole', async () => {
    const run = await runInProcess(['-', '--clients'], { input: whole });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Clients (${readers} of ${readers} readers hand over the documented answer)\n  the stream is whole\n`);
    expect(run.stdout).toMatch(/✓ openai-node >=6\.0\.0 <7, chat\.completions\.stream\(\)\.finalChatCompletion\(\): hands over the answer/);
    expect(run.stdout).toMatch(/✓ ai-sdk .*streamText\(\)/);
  });

  test('a cut stream: the loop and streamText() return part of it quietly, the final helper throws', async () => {
    const run = await runInProcess(['-', '--clients'], { input: cut });
    expect(run.stdout).toMatch(/Clients \(0 of \d+ readers hand over the documented answer\)\n  the stream is broken: it was cut before its end \(no end: /);
    expect(run.stdout).toMatch(/✗ openai-node .*for await .*: returns part quietly\n/);
    expect(run.stdout).toMatch(/returns without an error though the stream did not finish/);
    expect(run.stdout).toMatch(/throws OpenAIError: missing finish_reason for choice 0/);
  });

  test('with --json, a clients member', async () => {
    const run = await runInProcess(['-', '--clients', '--json'], { input: cut });
    const json = JSON.parse(run.stdout) as { clients: Array<{ client: string; stream: string; verdict: string; readsWhole: boolean }> };
    const ours = json.clients.filter((reading) => reading.client === 'openai-node' || reading.client === 'ai-sdk');
    expect(ours.map((reading) => [reading.stream, reading.verdict, reading.readsWhole])).toEqual([
      ['did not finish', 'returns part quietly', false],
      ['did not finish', 'throws', false],
      ['did not finish', 'returns part quietly', false],
    ]);
    // LangChain's two readers and the documented openai-python and openai-go (two ranges) loops end quietly too.
    const others = json.clients.filter((reading) => ['@langchain/openai', 'openai-python', 'openai-go'].includes(reading.client));
    expect(others.map((reading) => reading.verdict)).toEqual(Array(5).fill('returns part quietly'));
  });

  test('not with --inspect', async () => {
    const run = await runInProcess(['-', '--clients', '--inspect'], { input: whole });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--clients says what the clients of an LLM format do/);
  });
});
