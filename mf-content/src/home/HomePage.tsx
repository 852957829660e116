import { api, useApiQuery, useReleaseFirstView } from '@qianyan/shared';
import { VISUALLY_HIDDEN } from '@qianyan/shared/plain';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { TEXT } from '../messages';
import { useAdverts } from '../portal/adverts';
import { HOME_TEXT } from '../portal/messages';
import { Carousel } from './BannerCarousel';
import { EditingClassSlot } from './EditingClassSlot';
import { FieldsGrid } from './FieldsGrid';
import { HotReads } from './HotReads';
import { PeriodicalBox } from './PeriodicalBox';
import { AnimationList, CommentaryList, SideAdverts } from './SideColumn';
import '../common/common.css';
import './home.css';

function HomeBanners() {
  const q = useApiQuery(() => api.base.getBanner({ code: 'home' }, { silent: true }), []);
  const slides = (q.data?.content ?? []).map((b, i) => ({ key: i, img: b.pic, title: b.title, intro: b.intro, href: b.url, alt: b.title }));
  const drawn = !(q.loading && !q.data);
  // The server's picture of this banner (if any) goes once the first slide's picture is decoded.
  useReleaseFirstView('home', drawn, '.qy-home-banner-wrap .qy-carousel__slide img');
  if (!drawn) return <div className="qy-carousel qy-carousel--banner qy-carousel--loading" aria-hidden="true" />;
  if (slides.length === 0) return null;
  return <Carousel variant="banner" label={HOME_TEXT.banners} slides={slides} />;
}

function BottomAdverts() {
  const q = useAdverts('bottom');
  const ads = q.data ?? [];
  if (ads.length === 0) return null;
  return (
    <div className="qy-home-bottom-ads">
      <Carousel variant="advert" label={HOME_TEXT.adverts} slides={ads.map((a) => ({ key: a.id, img: a.img, href: a.href, alt: a.name }))} />
    </div>
  );
}

/** The home page (spec §2.2). */
export function HomePage() {
  useDocumentTitle(TEXT.homeTitle);
  return (
    <div className="qy-home">
      <h1 className={VISUALLY_HIDDEN}>{TEXT.homeTitle}</h1>
      <div className="qy-home-banner-wrap">
        <HomeBanners />
      </div>
      <div className="qy-page qy-home-body">
        <HotReads />
        <div className="qy-home-grid">
          <div className="qy-home-main">
            <PeriodicalBox />
            <FieldsGrid />
          </div>
          <aside className="qy-home-side">
            <SideAdverts />
            <AnimationList />
            <CommentaryList />
          </aside>
        </div>
        <EditingClassSlot />
        <BottomAdverts />
      </div>
    </div>
  );
}
