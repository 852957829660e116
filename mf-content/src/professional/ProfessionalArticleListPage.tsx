import { FIELD_CODE_TO_CLASS_ID, useIsMobile, type ArticleClass } from '@qianyan/shared';
import { PlainTabPanel, PlainTabs } from '@qianyan/shared/plain';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LazyFilterDrawer } from '../article-list/LazyFilterDrawer';
import { FilterSidebar } from '../article-list/FilterSidebar';
import { hasActiveFilters, type ListFilters } from '../article-list/listQuery';
import { FilterButton, ListHeader, ListResults, useArticleList } from '../article-list/ListParts';
import { useUrlState } from '../article-list/useListState';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Panel } from '../construction/UnderConstructionPage';
import { FIELD_NAMES, pageTitle, PROFESSIONAL_TEXT, SCREEN_INFO } from '../messages';
import {
  AREA_CODES,
  AREA_FIELDS,
  areaQuery,
  areaSearchParams,
  classIdOfCode,
  freshArea,
  parseAreaQuery,
  type AreaTab,
} from './professionalQuery';
import '../common/common.css';
import '../article-list/articleList.css';
import './professional.css';

/** Prefix of the tabs' and their panel's ids. */
const TABS_ID = 'qy-pro-list-tabs';

/** Code 80 of spec §2.3 is the commentary column. */
const COMMENTARY_CODE = 80;

/** The name of a field code: the class name from selectArticleClass, else the spec's name. */
function areaName(code: number, classes: ArticleClass[]): string {
  const id = FIELD_CODE_TO_CLASS_ID[code];
  return classes.find((c) => c.id === id)?.classname ?? FIELD_NAMES[code];
}

/** Links to every disease area (codes 10 to 70) and to 述评 (code 80); the current area is marked. */
function AreaLinks({ current, classes }: { current?: number; classes: ArticleClass[] }) {
  return (
    <nav className="qy-pa-areas" aria-labelledby="qy-pa-areas-title">
      <h2 id="qy-pa-areas-title">{PROFESSIONAL_TEXT.otherAreas}</h2>
      <ul>
        {AREA_CODES.map((code) => (
          <li key={code}>
            {code === current ? (
              <span className="qy-pa-area qy-pa-area-current" aria-current="page">
                {areaName(code, classes)}
              </span>
            ) : (
              <Link className="qy-pa-area" to={`/professional-article-list?code=${code}`}>
                {areaName(code, classes)}
              </Link>
            )}
          </li>
        ))}
        <li>
          <Link className="qy-pa-area" to="/commentary">
            {FIELD_NAMES[COMMENTARY_CODE]}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A code that is not one of 10 to 70: say so and offer the areas that exist. */
function UnknownArea() {
  const { classes } = useArticleClasses();
  useDocumentTitle(pageTitle(PROFESSIONAL_TEXT.unknownArea));
  return (
    <Panel label="404" title={PROFESSIONAL_TEXT.unknownArea} text={PROFESSIONAL_TEXT.unknownAreaText}>
      <AreaLinks classes={classes} />
    </Panel>
  );
}

/** Articles of one disease area (spec §2.1, §2.10): /professional-article-list?code=10..70. */
export function ProfessionalArticleListPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const classId = classIdOfCode(code);
  if (classId === undefined) return <UnknownArea />;
  // A new instance per area: nothing (an open drawer) carries over to the next area.
  return <AreaList key={classId} code={Number(code)} classId={classId} />;
}

function AreaList({ code, classId }: { code: number; classId: number }) {
  const parse = useCallback((p: URLSearchParams) => parseAreaQuery(p, code), [code]);
  const [state, write] = useUrlState(parse, areaSearchParams);
  const { classes, codeByName } = useArticleClasses();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const name = areaName(code, classes);
  useDocumentTitle(pageTitle(name));
  const list = useArticleList(areaQuery(state, classId));

  const filters: ListFilters = {
    sortType: state.sortType,
    classIds: [],
    startDate: state.startDate,
    endDate: state.endDate,
  };
  const active = hasActiveFilters(filters) || state.articleFilterIds.length > 0 || state.articleTypeIds.length > 0;
  /** A filter change keeps the tab (and any type ids from the link) and returns to page 1. */
  const applyFilters = (f: ListFilters) =>
    write({ ...state, sortType: f.sortType, startDate: f.startDate, endDate: f.endDate, page: 1 });
  /** Changing the tab resets the form (spec §4 list tabs); so does 清除筛选 on the current tab. */
  const reset = (activeKey: AreaTab) => write(freshArea(code, activeKey));

  return (
    <div className="qy-page qy-al-page">
      <ListHeader
        title={name}
        intro={SCREEN_INFO.professional.intro(name)}
        action={isMobile && <FilterButton active={active} onClick={() => setDrawerOpen(true)} />}
      />
      <div className="qy-al-tabs">
        <PlainTabs
          size="large"
          id={TABS_ID}
          activeKey={String(state.activeKey)}
          items={[
            { key: '1', label: PROFESSIONAL_TEXT.tabArticles },
            { key: '2', label: PROFESSIONAL_TEXT.tabAnimations },
          ]}
          onChange={(key) => reset(key === '2' ? 2 : 1)}
        />
      </div>
      <PlainTabPanel id={TABS_ID} activeKey={String(state.activeKey)} className="qy-al-body">
        {!isMobile && (
          <FilterSidebar
            filters={filters}
            classes={classes}
            fields={AREA_FIELDS}
            onChange={applyFilters}
            active={active}
            onClear={() => reset(state.activeKey)}
          />
        )}
        <ListResults list={list} page={state.page} onPage={(page) => write({ ...state, page })} codeByName={codeByName} />
      </PlainTabPanel>
      <AreaLinks current={code} classes={classes} />
      {isMobile && (
        <LazyFilterDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          onApply={applyFilters}
          filters={filters}
          classes={classes}
          fields={AREA_FIELDS}
        />
      )}
    </div>
  );
}
