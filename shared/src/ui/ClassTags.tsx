import { splitClassNames } from '@qianyan/shared/core';
import { Link } from 'react-router-dom';
import './classTags.css';

/** Disease-area tags of an item; each known area links to its professional article list (spec §2.11). */
export function ClassTags({ classNames, codeByName }: { classNames: string; codeByName: Map<string, number> }) {
  const names = splitClassNames(classNames);
  if (names.length === 0) return null;
  return (
    <ul className="qy-class-tags" aria-label="疾病领域">
      {names.map((name) => {
        const code = codeByName.get(name);
        return (
          <li key={name}>
            {code ? (
              <Link className="qy-class-tag" to={`/professional-article-list?code=${code}`}>
                {name}
              </Link>
            ) : (
              <span className="qy-class-tag qy-class-tag-plain">{name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
