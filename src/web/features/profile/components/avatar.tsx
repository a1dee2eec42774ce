import type { User } from '../../../../shared/schemas/users';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function Avatar({ user, src }: { user: User; src?: string | null }) {
  const picture = src ?? user.profilePic;
  const name = user.fullName || user.name;
  return picture ? (
    <img className="avatar" src={picture} alt={name} width={96} height={96} />
  ) : (
    <span className="avatar avatar--initials" role="img" aria-label={`${name} has no profile picture`}>
      {initials(name)}
    </span>
  );
}
