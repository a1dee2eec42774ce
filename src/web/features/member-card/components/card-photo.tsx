/** The member's photo on the card and the check page, or their initials. */
export function CardPhoto({ name, src }: { name: string; src: string | null }) {
  if (src) return <img className="card-photo" src={src} alt={name} width={96} height={96} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span className="card-photo card-photo--initials" role="img" aria-label={`${name} has no photo`}>
      {initials}
    </span>
  );
}
