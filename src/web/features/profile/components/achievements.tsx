import type { Achievement } from '../../../../shared/schemas/users';

export function Achievements({ achievements }: { achievements: Achievement[] }) {
  return (
    <section id="achievements" className="dashboard__section" aria-labelledby="achievements-title">
      <h2 id="achievements-title" className="section-title">
        Achievements
      </h2>
      {achievements.length === 0 ? (
        <p className="muted">No achievements yet</p>
      ) : (
        <ul className="achievements">
          {achievements.map((achievement, index) => (
            <li key={`${achievement.title}-${index}`} className="card">
              <h3 className="card__title">{achievement.title}</h3>
              <p>{achievement.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
