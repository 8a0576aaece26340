// /approve and /reject typed in the web chat: bound to the approval card the page shows.
// A command typed without the digest gets the digest of the card shown for that call id
// (the card's own buttons carry it already); a command for a call no card shows goes as
// typed, and the server asks for the digest (422).

const TYPED = /^\/(approve|reject)\s+(\S+)(\s[\s\S]*)?$/;
const HAS_DIGEST = /^\s+[0-9a-f]{64}(\s|$)/;
const CARD_COMMAND = /^\/(?:approve|reject)\s+(\S+)\s+([0-9a-f]{64})(?:\s|$)/;

export function withShownDigest(text, cardActions) {
  const typed = TYPED.exec(text.trim());
  if (!typed) return text;
  const [, verb, callId, rest = ""] = typed;
  if (HAS_DIGEST.test(rest)) return text;
  for (const action of cardActions) {
    const shown = CARD_COMMAND.exec(action);
    if (shown && shown[1] === callId) return `/${verb} ${callId} ${shown[2]}${rest}`;
  }
  return text;
}
