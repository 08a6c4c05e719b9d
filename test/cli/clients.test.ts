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
    expect(run.stdout).toContain(`Clients (${readers} of ${readers} readers read it whole)`);
    expect(run.stdout).toMatch(/✓ openai-node >=6\.0\.0 <7, chat\.completions\.stream\(\)\.finalChatCompletion\(\)/);
    expect(run.stdout).toMatch(/✓ ai-sdk .*streamText\(\)/);
  });

  test('a cut stream: the loop and streamText() return part of it quietly, the final helper throws', async () => {
    const run = await runInProcess(['-', '--clients'], { input: cut });
    expect(run.stdout).toContain(`Clients (0 of ${readers} readers read it whole)`);
    expect(run.stdout).toMatch(/returns without an error though the stream did not finish/);
    expect(run.stdout).toMatch(/throws OpenAIError: missing finish_reason for choice 0/);
  });

  test('with --json, a clients member', async () => {
    const run = await runInProcess(['-', '--clients', '--json'], { input: cut });
    const json = JSON.parse(run.stdout) as { clients: Array<{ client: string; verdict: string }> };
    const verdicts = json.clients.map((reading) => [reading.client, reading.verdict]);
    expect(verdicts.slice(0, 3)).toEqual([['openai-node', 'returns partial quietly'], ['openai-node', 'throws'], ['ai-sdk', 'returns partial quietly']]);
    expect(verdicts.filter(([client]) => client === '@langchain/openai')).toEqual([['@langchain/openai', 'returns partial quietly'], ['@langchain/openai', 'returns partial quietly']]);
    // The documented openai-python and openai-go (two ranges) loops end quietly too.
    expect(verdicts.filter(([client]) => client === 'openai-python' || client === 'openai-go').map(([, verdict]) => verdict)).toEqual(['returns partial quietly', 'returns partial quietly', 'returns partial quietly']);
  });

  test('not with --inspect', async () => {
    const run = await runInProcess(['-', '--clients', '--inspect'], { input: whole });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--clients says what the clients of an LLM format do/);
  });
});
