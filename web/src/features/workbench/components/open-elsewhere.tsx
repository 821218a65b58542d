import { ExternalLink } from 'lucide-react';
import './run-answer.css';

/** Longest prompt passed in a link: longer addresses are cut or refused by browsers and servers. */
const LINK_TEXT_MAX = 6000;

const ELSEWHERE = [
  { name: 'ChatGPT', url: (q: string) => `https://chatgpt.com/?q=${encodeURIComponent(q)}` },
  { name: 'Claude', url: (q: string) => `https://claude.ai/new?q=${encodeURIComponent(q)}` },
] as const;

/** 'Open in ChatGPT / Claude': a new tab of that assistant with the filled prompt typed in. */
export function OpenElsewhere({ text }: { text: string }) {
  const tooLong = text.length > LINK_TEXT_MAX;
  return (
    <p className="wb-elsewhere">
      <span>Open in</span>
      {ELSEWHERE.map((target) =>
        tooLong ? (
          <span key={target.name} className="wb-elsewhere__off">
            {target.name}
          </span>
        ) : (
          <a key={target.name} href={target.url(text)} target="_blank" rel="noopener noreferrer">
            {target.name}
            <ExternalLink aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ),
      )}
      {tooLong ? <span className="wb-elsewhere__note">Too long for a link: Copy, then paste it there.</span> : null}
    </p>
  );
}
