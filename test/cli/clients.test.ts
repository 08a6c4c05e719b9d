// `--clients` on the command line: what each client of the capture's format does with it, in the report and in JSON.
import { describe, expect, test } from 'vitest';
import { fixture } from '../../src/fixtures/index.js';
import { runInProcess } from './in-process.js';

const whole = fixture('chat-completions/text').stream;
const cut = whole.slice(0, whole.lastIndexOf('data: {'));

describe('--clients', () => {
  test('a whole stream: every reader reads it whole', async () => {
    const run = await runInProcess(['-', '--clients'], { input: whole });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Clients \(6 of 6 readers read it whole\)/);
    expect(run.stdout).toMatch(/✓ openai-node >=6\.0\.0 <7, chat\.completions\.stream\(\)\.finalChatCompletion\(\)/);
    expect(run.stdout).toMatch(/✓ ai-sdk .*streamText\(\)/);
  });

  test('a cut stream: the loop and streamText() return part of it quietly, the final helper throws', async () => {
    const run = await runInProcess(['-', '--clients'], { input: cut });
    expect(run.stdout).toMatch(/Clients \(0 of 6 readers read it whole\)/);
    expect(run.stdout).toMatch(/returns without an error though the stream did not finish/);
    expect(run.stdout).toMatch(/throws OpenAIError: missing finish_reason for choice 0/);
  });

  test('with --json, a clients member', async () => {
    const run = await runInProcess(['-', '--clients', '--json'], { input: cut });
    const json = JSON.parse(run.stdout) as { clients: Array<{ client: string; verdict: string }> };
    // openai-node's loop, its final helper, the AI SDK, then the documented openai-python and openai-go (two ranges) loops.
    expect(json.clients.map((reading) => reading.verdict)).toEqual(['returns partial quietly', 'throws', 'returns partial quietly', 'returns partial quietly', 'returns partial quietly', 'returns partial quietly']);
  });

  test('not with --inspect', async () => {
    const run = await runInProcess(['-', '--clients', '--inspect'], { input: whole });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--clients says what the clients of an LLM format do/);
  });
});
