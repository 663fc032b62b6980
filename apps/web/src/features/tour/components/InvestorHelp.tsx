import { QuestionCircleOutlined } from '@ant-design/icons';
import { TUTORIAL_HIGHLIGHT_MS } from '@dealflow/domain';
import { Button, type TourStepProps } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTutorialSeen } from '../api/tourApi.ts';
import { type TourTexts, tourSteps } from './tourSteps.ts';
import '../tour.css';

// The tour's code comes only when it opens: most visits never show it (it opens once, at the first sign-in).
const Tour = lazy(() => import('antd/es/tour'));
// The hint after the tour (antd Popover) likewise loads when the tour first closes.
const Popover = lazy(() => import('antd/es/popover'));
// The help menu (antd Dropdown, which brings antd's Menu) loads when first opened, fetched ahead on pointer or focus.
const loadDropdown = () => import('antd/es/dropdown');
const Dropdown = lazy(loadDropdown);

/** How long after the page appears the first tour opens: the page's own content (case cards) is in by then. */
const FIRST_OPEN_DELAY_MS = 800;
/** The highlight pulses three times within TUTORIAL_HIGHLIGHT_MS (SPEC section 9: 3 s). */
const PULSES = 3;

/**
 * The investor's help menu in the header (reopen the tour, the Q&A) and the onboarding tour
 * (issue 13): opened at the first sign-in, "seen" kept on the server when it is closed, closing shows
 * where to reopen it. `firstTime` is the session's "not seen yet"; `suppressed` keeps it shut (the
 * expired-membership dialog).
 */
export function InvestorHelp({
  firstTime,
  suppressed,
  mobile,
  drawerId,
}: {
  firstTime: boolean;
  suppressed: boolean;
  mobile: boolean;
  drawerId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markSeen = useTutorialSeen();
  const [steps, setSteps] = useState<TourStepProps[] | null>(null);
  const [current, setCurrent] = useState(0);
  const [hintOpen, setHintOpen] = useState(false);
  // Once the hint has shown, its Popover stays around the anchor (closing it animates).
  const [hintWanted, setHintWanted] = useState(false);
  if (hintOpen && !hintWanted) setHintWanted(true);
  const [menuOpen, setMenuOpen] = useState(false);
  // Whether the help menu's code has been asked for (its first opening).
  const [menuWanted, setMenuWanted] = useState(false);

  const texts: TourTexts = {
    cases: { title: t('tour.cases.title'), description: t('tour.cases.description') },
    casesMobile: { title: t('tour.casesMobile.title'), description: t('tour.casesMobile.description') },
    card: { title: t('tour.card.title'), description: t('tour.card.description') },
    messages: { title: t('tour.messages.title'), description: t('tour.messages.description') },
    contract: { title: t('tour.contract.title'), description: t('tour.contract.description') },
  };
  const start = () => {
    setHintOpen(false);
    setCurrent(0);
    setSteps(tourSteps(texts, { mobile, drawerId }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per session, when first shown
  useEffect(() => {
    if (!firstTime || suppressed) return;
    const timer = setTimeout(start, FIRST_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [firstTime, suppressed]);

  const open = steps !== null && !suppressed;
  // The step's target pulses for TUTORIAL_HIGHLIGHT_MS each time a step shows.
  useEffect(() => {
    if (!open) return;
    const step = steps[current];
    const target = typeof step?.target === 'function' ? step.target() : step?.target;
    if (!(target instanceof HTMLElement)) return;
    target.style.setProperty('--tour-pulse-ms', `${TUTORIAL_HIGHLIGHT_MS / PULSES}ms`);
    target.classList.add('tour-pulse');
    const timer = setTimeout(() => target.classList.remove('tour-pulse'), TUTORIAL_HIGHLIGHT_MS);
    return () => {
      clearTimeout(timer);
      target.classList.remove('tour-pulse');
    };
  }, [open, steps, current]);

  const close = () => {
    setSteps(null);
    setHintOpen(true);
    if (firstTime && !markSeen.isPending) markSeen.mutate(true);
  };

  // An icon, like the key beside it: the wide header keeps its menu on one line. Until the menu's code
  // is there, the button itself asks for it (onOpen); then the Dropdown opens and closes it.
  const helpButton = (onOpen?: () => void) => (
    <Button
      type="text"
      icon={<QuestionCircleOutlined aria-hidden />}
      aria-label={t('tour.help')}
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      title={t('tour.help')}
      className="investor-help"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={onOpen}
    />
  );

  // The popover's anchor: it stays while the button inside turns into the Dropdown's.
  const anchor = (
    <span className="investor-help-anchor">
      {menuWanted ? (
        <Suspense fallback={helpButton()}>
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            open={menuOpen}
            onOpenChange={setMenuOpen}
            autoFocus
            menu={{
              items: [
                { key: 'tour', label: t('tour.reopen') },
                { key: 'qa', label: t('tour.qa') },
              ],
              onClick: ({ key }) => {
                setMenuOpen(false);
                if (key === 'tour') start();
                else navigate('/investor/qa');
              },
            }}
          >
            {helpButton()}
          </Dropdown>
        </Suspense>
      ) : (
        helpButton(() => {
          setMenuWanted(true);
          setMenuOpen(true);
        })
      )}
    </span>
  );

  return (
    <>
      {hintWanted ? (
        <Suspense fallback={anchor}>
          <Popover
            open={hintOpen}
            placement="bottomRight"
            title={t('tour.hintTitle')}
            content={
              <div className="tour-hint">
                <p className="tour-hint__body">{t('tour.hintBody')}</p>
                <Button type="primary" size="small" onClick={() => setHintOpen(false)}>
                  {t('tour.ok')}
                </Button>
              </div>
            }
          >
            {anchor}
          </Popover>
        </Suspense>
      ) : (
        anchor
      )}
      {steps !== null && (
        <Suspense fallback={null}>
          <Tour
            open={open}
            steps={steps}
            current={current}
            onChange={setCurrent}
            onClose={close}
            className="investor-tour"
          />
        </Suspense>
      )}
    </>
  );
}
