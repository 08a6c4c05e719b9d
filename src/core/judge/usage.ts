// `usage without content`: the usage counts output the answer should show, and none of it arrived.
import type { FindingList } from '../findings.js';
import { ownEntry } from '../own-copy.js';
import type { Assembly, Choice, FormatModule } from '../model.js';

/**
 * Tokens an empty turn counts: Anthropic's "Handling stop reasons" page says an empty `end_turn` answer has exactly 2
 * or 3 tokens; an end-of-turn token is counted in every format. Past it, output was made that did not arrive.
 */
export const EMPTY_TURN_TOKENS = 3;

function holdsContent(choice: Omit<Choice, 'finishMeaning'>): boolean {
  return choice.text !== '' || Boolean(choice.refusal) || Boolean(choice.reasoning) || choice.toolCalls.length > 0;
}

/**
 * Raised only for a stream that finished: one cut short, or ended in an error, has its own finding for what it lost.
 * A filtered answer is empty for a reason its finish reason gives.
 */
export function checkUsageWithoutContent(module: FormatModule | null, assembly: Assembly, findings: FindingList): void {
  const count = module?.output;
  if (!module || !count || !assembly.ended || assembly.error != null || assembly.usage === null) return;
  if (assembly.finishClass === 'filtered' || assembly.choices.some((choice) => choice.finishReason !== null && ownEntry(module.finishReasons.reasons, choice.finishReason)?.class === 'filtered')) return;
  const tokens = count.visibleTokens(assembly.usage);
  if (tokens === null || tokens <= EMPTY_TURN_TOKENS) return;
  if (assembly.choices.some(holdsContent) || count.holdsOther(assembly.response)) return;
  findings.add(
    'usage without content',
    `The usage counts ${tokens} output token(s) (\`${count.field}\`${tokens === assembly.usage[count.field] ? '' : ', less hidden reasoning'}), yet the stream carried no text, no tool call and no reasoning, and an empty turn counts no more than ${EMPTY_TURN_TOKENS}: the answer was lost on the way. Compare with the upstream stream, or the non-streamed reply to the same request.`,
    0,
    0,
  );
}
