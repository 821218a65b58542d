import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Links in an answer leave the app in a new tab and pass nothing back to it. Images are not shown:
// a model's text (which may repeat what a prompt's inputs carried) must not make the reader's
// browser fetch a URL it names; the image's alt text stands in.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ alt }) => (alt ? <span className="answer-image-alt">[image: {alt}]</span> : null),
};

/**
 * A model's answer as Markdown (GitHub flavour: tables, task lists, strikethrough). Raw HTML in the
 * answer is dropped, never rendered, react-markdown's URL filter removes javascript: and other
 * unsafe links, and no image is fetched. Loaded on the first answer only, so the first visit does not carry it.
 */
export default function AnswerMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml remarkPlugins={[remarkGfm]} components={components}>
      {text}
    </Markdown>
  );
}
