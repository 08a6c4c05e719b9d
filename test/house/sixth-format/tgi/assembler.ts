// Hugging Face text-generation-inference `POST /generate_stream`: one `data:` frame per token,
// `{"index", "token": {"id", "text", "logprob", "special"}, "generated_text": null, "details": null}`, and on the
// last token `generated_text` (the whole answer) and `details.finish_reason` (`length`, `eos_token` or
// `stop_sequence`). Read in huggingface/huggingface.js (docs/inference/interfaces/TextGenerationStreamReturn.md:
// `generated_text` and `details` "only available when the generation is finished"; TextGenerationStreamToken:
// `special` "can be used to ignore tokens when concatenating") and @huggingface/tasks' text-generation output schema
// (TextGenerationStreamOutput). A failure mid-stream is a frame `{"error": …, "error_type": …}` (TGI's
// ErrorResponse). This folder lives under test/: it proves that a format the library does not ship is its folder
// and one registry line.
import type { Payload } from '../../decode/frame.js';
import type { FindingList } from '../../findings.js';
import type { Assembler, Assembly, AssemblyContext, FrameRecord, SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';

/** One generation, read token by token: special tokens (`</s>`) are not part of the text. */
export class TgiAssembler implements Assembler {
  private readonly findings: FindingList;
  private text = '';
  private generated: string | null = null;
  private details: Json | null = null;
  private error: Json | null = null;

  constructor(context: AssemblyContext) {
    this.findings = context.findings;
  }

  read(frame: FrameRecord, payload: Payload): void {
    if (payload.kind !== 'json' || !isObject(payload.value)) return;
    const value = payload.value;
    if (typeof value.error === 'string') {
      this.error = { error: value.error, error_type: value.error_type ?? null };
      frame.type = 'error';
      frame.carried = `error ${String(value.error_type ?? '')}`.trim();
      this.findings.add('error event', `Frame ${frame.index} is an error: ${JSON.stringify(value.error)}. What arrived before it is partial.`, frame.line, 1, frame.index);
      return;
    }
    const token = isObject(value.token) ? value.token : null;
    frame.type = 'token';
    if (token !== null && typeof token.text === 'string' && token.special !== true) {
      this.text += token.text;
      frame.carried = `text +${token.text.length} chars`;
      frame.progress = true;
    } else frame.carried = 'special token';
    if (typeof value.generated_text === 'string') this.generated = value.generated_text;
    if (isObject(value.details)) this.details = value.details;
  }

  finish(): Assembly {
    const reason = this.details !== null && typeof this.details.finish_reason === 'string' ? this.details.finish_reason : null;
    const text = this.generated ?? this.text;
    return {
      choices: [{ index: 0, text, toolCalls: [], finishReason: reason }],
      usage: this.details !== null && typeof this.details.generated_tokens === 'number' ? { generated_tokens: this.details.generated_tokens } : null,
      response: { generated_text: text, ...(this.details !== null ? { details: this.details } : {}) },
      error: this.error,
      ended: reason !== null || this.error !== null,
      missingPiece: false,
    };
  }
}

/** The stream `/generate_stream` writes for a `/generate` response: one token a piece, the last with the details. */
export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const text = typeof response.generated_text === 'string' ? response.generated_text : '';
  const details = isObject(response.details) ? response.details : { finish_reason: 'eos_token', generated_tokens: 0, seed: null };
  const pieces = cutPieces(text, options);
  const frames = pieces.map((piece, index) => {
    const last = index === pieces.length - 1;
    const token = { id: 1000 + index, text: piece, logprob: -0.25, special: false };
    return `data:${JSON.stringify({ index: index + 1, token, generated_text: last ? text : null, details: last ? details : null })}\n\n`;
  });
  return frames.join('');
}
