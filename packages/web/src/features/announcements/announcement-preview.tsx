import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementInput } from '@gm/contract/announcements.contract.ts';
import { formatStamp } from '../../shared/format.ts';
import { plainText, RichText } from './rich-text.tsx';

const AnnouncementProgress = lazy(() => import('./announcement-progress.tsx').then((m) => ({ default: m.AnnouncementProgress })));

/** What the preview needs; a form being filled in may lack any of it. */
export type PreviewFields = Partial<
  Pick<
    AnnouncementInput,
    | 'type'
    | 'tab'
    | 'tabTitle'
    | 'title'
    | 'secondaryTitle'
    | 'content'
    | 'hotType'
    | 'jumpType'
    | 'jumpTarget'
    | 'image'
    | 'previewImage'
    | 'effectiveMode'
    | 'startTime'
    | 'endTime'
    | 'daysAfterRegistration'
    | 'showTime'
    | 'popupType'
    | 'progress'
  >
>;

/**
 * The announcement as the game shows it (the reference game server's board): in-site and login
 * announcements as a page of the announcement window with their tab on the left, the popup card
 * when the announcement pops up, and a scrolling one as a marquee over the scene. `board`: the
 * tabs of the whole board in its order, this one active (the board page passes them).
 */
export function AnnouncementPreview({ fields, board }: { fields: PreviewFields; board?: { tabs: { id: string; tabTitle: string; hotType: number }[]; activeId: string } }) {
  const { t } = useTranslation('announcements');
  const type = fields.type ?? 'site';

  if (type === 'scrolling') {
    const line = [fields.title, plainText(fields.content ?? '')].filter(Boolean).join('  ·  ') || t('preview.scrollingEmpty');
    return (
      <div className="gm-game-screen" data-testid="announcement-preview">
        <div className="gm-game-caption">{t('preview.caption')}</div>
        <div className="gm-game-marquee" role="marquee" aria-label={line}>
          <span className="gm-game-marquee-text">{line}</span>
        </div>
        <div className="gm-game-scene">{t('preview.scene')}</div>
        <EffectiveLine fields={fields} dark />
      </div>
    );
  }

  return (
    <div className="gm-game-screen" data-testid="announcement-preview">
      <div className="gm-game-caption">{type === 'login' ? t('preview.loginScene') : t('preview.caption')}</div>
      <div className={type === 'login' ? 'gm-game-login' : undefined}>
        <div className="gm-game-board">
          <div className="gm-game-tabs" role="tablist">
            {board ? (
              board.tabs.map((o) => <GameTab key={o.id} active={o.id === board.activeId} tabTitle={o.tabTitle} hotType={o.hotType} />)
            ) : (
              <GameTab active tabTitle={fields.tabTitle || t('preview.tab')} hotType={fields.hotType ?? 0} />
            )}
          </div>
          <div className="gm-game-page">
            {fields.tab ? <span className={`gm-game-category gm-game-category-${fields.tab}`}>{t(`tabs.${String(fields.tab) as '1'}`)}</span> : null}
            <h4 className="gm-game-title">{fields.title || t('preview.untitled')}</h4>
            {fields.secondaryTitle ? <div className="gm-game-subtitle">{fields.secondaryTitle}</div> : null}
            <EffectiveLine fields={fields} />
            {fields.image ? <img className="gm-game-image" src={fields.image} alt={fields.title ?? ''} /> : <div className="gm-game-image-missing">{t('preview.noImage')}</div>}
            {fields.progress ? (
              <Suspense fallback={null}>
                <AnnouncementProgress percent={fields.progress} />
              </Suspense>
            ) : null}
            <RichText html={fields.content ?? ''} />
            <JumpButton fields={fields} />
          </div>
        </div>
      </div>
      {fields.popupType && fields.popupType !== 'none' ? (
        <>
          <div className="gm-game-caption gm-game-caption-gap">{t('preview.popupCaption')}</div>
          <div className="gm-game-popup-layer">
            <div className="gm-game-popup" role="dialog" aria-label={fields.title || t('preview.untitled')}>
              {fields.previewImage || fields.image ? <img className="gm-game-popup-image" src={fields.previewImage || fields.image} alt="" /> : null}
              <div className="gm-game-popup-body">
                <h4 className="gm-game-title">{fields.title || t('preview.untitled')}</h4>
                <RichText html={fields.content ?? ''} className="gm-game-popup-text" />
                <div className="gm-game-popup-foot">
                  <span>{fields.popupType === 'notAgainToday' ? `☐ ${t('preview.notAgainToday')}` : t('preview.oncePerValidity')}</span>
                  <JumpButton fields={fields} />
                </div>
              </div>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

function GameTab({ active, tabTitle, hotType }: { active: boolean; tabTitle: string; hotType: number }) {
  const { t } = useTranslation('announcements');
  return (
    <div className={active ? 'gm-game-tab gm-game-tab-active' : 'gm-game-tab'} role="tab" aria-selected={active}>
      {tabTitle}
      {hotType === 1 ? <span className="gm-game-tab-badge">{t('preview.hot')}</span> : null}
      {hotType === 2 ? <span className="gm-game-tab-badge gm-game-tab-badge-other">{t('preview.other')}</span> : null}
    </div>
  );
}

function EffectiveLine({ fields, dark = false }: { fields: PreviewFields; dark?: boolean }) {
  const { t } = useTranslation('announcements');
  if (fields.showTime === false) return null;
  let text: string | null = null;
  if (fields.effectiveMode === 'afterRegistration') {
    if (fields.daysAfterRegistration) text = t('effective.afterRegistration', { days: fields.daysAfterRegistration });
  } else if (fields.startTime || fields.endTime) {
    text = `${formatStamp(fields.startTime)} ~ ${formatStamp(fields.endTime)}`;
  }
  if (!text) return null;
  return <div className={dark ? 'gm-game-caption' : 'gm-game-time'}>{text}</div>;
}

function JumpButton({ fields }: { fields: PreviewFields }) {
  const { t } = useTranslation('announcements');
  if (fields.jumpType === undefined || !fields.jumpTarget) return null;
  return (
    <span className="gm-game-jump" title={t('preview.jumpTo', { target: fields.jumpTarget })}>
      {t('preview.jump')}
    </span>
  );
}
