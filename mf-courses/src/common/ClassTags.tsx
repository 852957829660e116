import { splitClassNames } from '@qianyan/shared';
import { Link } from 'react-router-dom';

/** Disease-area tags; each known area links to its professional article list (spec §2.11). */
export function ClassTags({ classNames, codeByName }: { classNames: string; codeByName: Map<string, number> }) {
  const names = splitClassNames(classNames);
  if (names.length === 0) return null;
  return (
    <ul className="qy-cr-tags" aria-label="疾病领域">
      {names.map((name) => {
        const code = codeByName.get(name);
        return (
          <li key={name}>
            {code ? (
              <Link className="qy-cr-tag" to={`/professional-article-list?code=${code}`}>
                {name}
              </Link>
            ) : (
              <span className="qy-cr-tag qy-cr-tag-plain">{name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
