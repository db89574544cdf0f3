/** Plain text from the catalogue, one paragraph per blank-line-separated block. */
export function Paragraphs({ text, className = '' }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return (
    <div className={`space-y-3 ${className}`}>
      {text
        .split(/\n\s*\n/)
        .map((block) => block.trim())
        .filter(Boolean)
        .map((block, i) => (
          <p key={i}>{block}</p>
        ))}
    </div>
  );
}
