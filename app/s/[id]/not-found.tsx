import { SessionUnavailable } from '@/components/session/session-unavailable';

export default function SessionNotFound() {
  return (
    <SessionUnavailable
      title="No such shared session"
      message="The link may be mistyped or incomplete: a session id is 22 characters. Sessions are never edited, so a link that worked once keeps showing the same thing."
    />
  );
}
