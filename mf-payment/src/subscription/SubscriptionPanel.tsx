// The subscription screen of spec §2.9, exposed to mf-account as './SubscriptionPanel' and shown in
// /personal?type=flag4: my orders, plans with prices, benefits with locked items, buying (desktop QR
// or a phone method choice, §4), the shipping address for yearly plans, FAQ and agreement.
// Its first view draws no antd (plain.tsx and @qianyan/shared/plain): the orders, the payment steps
// and the dialogs are antd's, in a chunk of their own fetched when first needed (themed.tsx).
import {
  api,
  ApiError,
  MSG,
  shippingRequired,
  toast,
  updateSessionUser,
  useApiQuery,
  useIsMobile,
  useSession,
  type EquityItem,
  type PayStatusReply,
  type ServicePlan,
} from '@qianyan/shared/core';
import { LockIcon, PlainButton, PlainCollapse, PlainEmptyState, PlainLoadingState, PlainQueryPending } from '@qianyan/shared/plain';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PAY_FLOW_MSG, PAY_MSG } from '../messages';
import { AutoRenewStatus } from './AutoRenewStatus';
import { browser, pendingOrder } from './browser';
import { FaqSection } from './FaqSection';
import { ReturnAskModal, ThemedAddressModal, ThemedDesktopPayModal, ThemedMobilePayModal, ThemedOrderList } from './lazyThemed';
import { SubAlert, SubTag, SubTooltip } from './plain';
import { includedEquityIds, isContinuousPlan, isMobileDevice, payMethods, plansOnOffer, purchaseLimits } from './purchaseRules';
import { refreshMembership, usePaymentPoll, type PollEnd } from './usePaymentPoll';
import type { JsapiOutcome } from './wechatJsapi';
import { resumedPlanId } from './wechatResume';
import './subscription.css';

/** How long 支付成功 shows before the page moves on. */
const PAID_PAUSE_MS = 1500;

type Step = { kind: 'address'; plan: ServicePlan } | { kind: 'pay'; plan: ServicePlan } | null;

const periodOf = (plan: ServicePlan) => (plan.type === 2 || plan.type === 4 ? PAY_MSG.perYear : PAY_MSG.perMonth);

function Panel() {
  const { serviceType, user } = useSession();
  const autoRenew = user?.subscribe_info.auto_renew;
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const narrow = useIsMobile();
  const mobile = narrow || isMobileDevice(userAgent);
  const services = useApiQuery(() => api.program.getServiceList({ silent: true }), []);
  const limits = useMemo(() => purchaseLimits({ serviceType, autoRenew, userAgent }), [serviceType, autoRenew, userAgent]);
  const plans = useMemo(() => plansOnOffer(services.data?.servicelsit ?? [], limits), [services.data, limits]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const selected = plans.find((p) => p.id === chosenId) ?? plans[0];
  const [step, setStep] = useState<Step>(null);
  const [ordersKey, setOrdersKey] = useState(0);
  const finished = useRef(false);
  const [paid, setPaid] = useState(false);

  const onPaid = useCallback(async () => {
    if (finished.current) return;
    finished.current = true;
    const target = browser.returnTarget();
    pendingOrder.clear();
    setPaid(true);
    setStep(null);
    toast.success(MSG.paySuccess);
    // The page is left with a full load: the member first sees 支付成功 for a moment.
    await Promise.all([refreshMembership(updateSessionUser), new Promise((resolve) => setTimeout(resolve, PAID_PAUSE_MS))]);
    browser.assign(target);
  }, []);

  // Back from a phone cashier: the order it left for is polled until paid.
  const [pending, setPending] = useState<string | null>(null);
  // Coming back from a cashier page gives no verdict (providers only notify the server): the member
  // is asked, while the order keeps being polled.
  const [askReturn, setAskReturn] = useState(false);
  // Once asked, the question stays mounted, so that it can play its closing motion.
  const [asked, setAsked] = useState(false);
  const asking = askReturn && pending !== null;
  useEffect(() => {
    if (asking) setAsked(true);
  }, [asking]);
  useEffect(() => {
    const order = pendingOrder.get();
    setPending(order);
    if (order && resumedPlanId() === null) setAskReturn(true);
  }, []);
  const stopWaiting = () => {
    pendingOrder.clear();
    setPending(null);
    setAskReturn(false);
    setOrdersKey((k) => k + 1);
  };
  const checkReturn = async () => {
    if (!pending) return setAskReturn(false);
    try {
      await api.pay.notifypay(pending, { silent: true });
      void onPaid();
    } catch (err) {
      const reply = err instanceof ApiError ? (err.data as PayStatusReply | undefined) : undefined;
      toast.error(reply?.status === 2 || reply?.status === 3 ? reply.msg : MSG.payFailed);
      stopWaiting();
    }
  };
  usePaymentPoll(pending, (end: PollEnd) => {
    if (end.paid) void onPaid();
    else {
      pendingOrder.clear();
      setPending(null);
      setOrdersKey((k) => k + 1);
    }
  });

  // Inside WeChat: JSAPI pay's answer. Paid means the order is checked (the bridge's word alone
  // grants nothing); cancelled and failed close the step with the spec's message.
  const onJsapiOutcome = useCallback((outcome: Exclude<JsapiOutcome, { kind: 'leaving' }>) => {
    setStep(null);
    if (outcome.kind === 'paid') setPending(outcome.ordersn);
    else if (outcome.kind === 'cancelled') toast.info(MSG.payCancelled);
    else toast.error(outcome.message);
    setOrdersKey((k) => k + 1);
  }, []);

  // Back from the official account's authorisation (the openid step): carry on paying that plan.
  const resumed = useRef(false);
  useEffect(() => {
    const planId = resumedPlanId();
    const plan = planId === null ? undefined : plans.find((p) => p.id === planId);
    if (!plan || resumed.current) return;
    resumed.current = true;
    // The JSAPI payment's code loads only now (the first view has no use for it).
    void import('./wechatJsapi')
      .then(({ payInWechat }) => payInWechat(plan))
      .then((outcome) => outcome.kind !== 'leaving' && onJsapiOutcome(outcome));
  }, [plans, onJsapiOutcome]);

  const buy = (plan: ServicePlan) => {
    if (limits.blockedReason) return toast.warning(limits.blockedReason);
    setStep(shippingRequired(plan.type) ? { kind: 'address', plan } : { kind: 'pay', plan });
  };
  const closePay = () => {
    setStep(null);
    setOrdersKey((k) => k + 1);
    toast.info(MSG.payCancelled);
  };

  // While a purchase is open, awaited or just paid, the session may already say "continuous" before
  // the order poll does (the refresh after paying, or the cashier's tab updating the shared session):
  // a purchase that just succeeded is not told it was not needed. A purchase can only start when
  // buying was allowed, so nothing is refused meanwhile.
  const purchasing = step?.kind === 'pay' || pending !== null || paid;
  const blockedReason = purchasing ? null : limits.blockedReason;

  if (!services.data) return <PlainQueryPending query={services} rows={8} />;

  return (
    <div className="qy-sub">
      {paid && <SubAlert className="qy-sub__alert" type="success" title={PAY_MSG.paidThanks} />}
      {blockedReason && <SubAlert className="qy-sub__alert" type="info" title={blockedReason} />}
      {!purchasing && user && (serviceType === 3 || serviceType === 4) && <AutoRenewStatus user={user} />}
      {plans.length === 0 ? (
        <PlainEmptyState text={PAY_MSG.noPlans} />
      ) : (
        <>
          <PlanList
            plans={plans}
            selectedId={selected?.id}
            currentType={serviceType}
            onSelect={setChosenId}
          />
          <BuyBar plan={selected} blockedReason={blockedReason} onBuy={buy} disabled={purchasing} />
          <BenefitGrid benefits={services.data.equitylist ?? []} included={includedEquityIds(selected)} />
        </>
      )}
      <PlainCollapse
        className="qy-sub__orders"
        items={[
          {
            key: 'orders',
            label: PAY_MSG.ordersHeading,
            children: (
              <Suspense fallback={<PlainLoadingState rows={3} />}>
                <ThemedOrderList refreshKey={ordersKey} />
              </Suspense>
            ),
          },
        ]}
      />
      <FaqSection />
      <Suspense fallback={null}>
        {(asking || asked) && (
          <ReturnAskModal
            open={asking}
            onOk={checkReturn}
            onCancel={() => {
              toast.info(MSG.payCancelled);
              stopWaiting();
            }}
          />
        )}
        {step?.kind === 'address' && (
          <ThemedAddressModal open onSaved={() => setStep({ kind: 'pay', plan: step.plan })} onCancel={() => setStep(null)} />
        )}
        {step?.kind === 'pay' &&
          (mobile ? (
            <ThemedMobilePayModal plan={step.plan} methods={payMethods(userAgent, step.plan)} onClose={closePay} onJsapiOutcome={onJsapiOutcome} />
          ) : (
            <ThemedDesktopPayModal plan={step.plan} methods={payMethods(userAgent, step.plan)} onPaid={() => void onPaid()} onClose={closePay} />
          ))}
      </Suspense>
    </div>
  );
}

function PlanList({
  plans,
  selectedId,
  currentType,
  onSelect,
}: {
  plans: ServicePlan[];
  selectedId: number | undefined;
  currentType: number;
  onSelect: (id: number) => void;
}) {
  const headingId = useId();
  const groupName = useId();
  return (
    <section className="qy-sub__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qy-sub__heading">
        {PAY_MSG.plansHeading}
      </h2>
      <p className="qy-sub__hint">{PAY_MSG.plansHint}</p>
      <div className="qy-sub__plans" role="radiogroup" aria-labelledby={headingId}>
        {plans.map((plan) => {
          const checked = plan.id === selectedId;
          const describedBy = [plan.intro && `${groupName}-${plan.id}-intro`, isContinuousPlan(plan) && `${groupName}-${plan.id}-renew`]
            .filter(Boolean)
            .join(' ');
          return (
            <label key={plan.id} className={`qy-sub__plan${checked ? ' qy-sub__plan--selected' : ''}`}>
              <input
                className="qy-sub__plan-input"
                type="radio"
                name={groupName}
                value={plan.id}
                checked={checked}
                onChange={() => onSelect(plan.id)}
                aria-label={`${plan.title} ¥${plan.price}${periodOf(plan)}`}
                aria-describedby={describedBy || undefined}
              />
              <span className="qy-sub__plan-head">
                <span className="qy-sub__plan-title">{plan.title}</span>
                {isContinuousPlan(plan) && <SubTag color="red">{PAY_MSG.autoRenewTag}</SubTag>}
                {plan.type === currentType && <SubTag>{PAY_MSG.currentPlan}</SubTag>}
              </span>
              <span className="qy-sub__price">
                <span className="qy-sub__currency">¥</span>
                <span className="qy-sub__amount">{plan.price}</span>
                <span className="qy-sub__period">{periodOf(plan)}</span>
              </span>
              {plan.intro && (
                <span id={`${groupName}-${plan.id}-intro`} className="qy-sub__intro">
                  {plan.intro}
                </span>
              )}
              {isContinuousPlan(plan) && (
                <span id={`${groupName}-${plan.id}-renew`} className="qy-sub__renew">
                  {PAY_MSG.continuousNote[plan.type]}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </section>
  );
}

function BuyBar({
  plan,
  blockedReason,
  onBuy,
  disabled,
}: {
  plan: ServicePlan | undefined;
  blockedReason: string | null;
  onBuy: (plan: ServicePlan) => void;
  disabled: boolean;
}) {
  const noteId = useId();
  const why = blockedReason;
  return (
    <div className="qy-sub__buy">
      {plan && (
        <p className="qy-sub__chosen">
          {PAY_MSG.selectedPlanLabel(plan.title)}
          <strong>
            ¥{plan.price}
            <span className="qy-sub__period">{periodOf(plan)}</span>
          </strong>
        </p>
      )}
      <div className="qy-sub__buy-action">
        <SubTooltip title={why}>
          <span className="qy-sub__buy-wrap">
            <PlainButton
              variant="primary"
              size="large"
              disabled={!!why || !plan || disabled}
              aria-describedby={why ? noteId : undefined}
              onClick={() => plan && onBuy(plan)}
            >
              {PAY_MSG.buyNow}
            </PlainButton>
          </span>
        </SubTooltip>
        {why && (
          <p id={noteId} className="qy-sub__buy-note">
            {why}
          </p>
        )}
      </div>
    </div>
  );
}

function BenefitGrid({ benefits, included }: { benefits: EquityItem[]; included: Set<number> }) {
  const headingId = useId();
  if (benefits.length === 0) return null;
  return (
    <section className="qy-sub__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qy-sub__heading">
        {PAY_MSG.benefitsHeading}
      </h2>
      <ul className="qy-sub__benefits">
        {benefits.map((b) => {
          const locked = !included.has(b.id);
          return (
            <li key={b.id} className={`qy-sub__benefit${locked ? ' qy-sub__benefit--locked' : ''}`}>
              {b.icon ? <img className="qy-sub__benefit-icon" src={b.icon} alt="" /> : <span className="qy-sub__benefit-icon" />}
              <div className="qy-sub__benefit-text">
                <h3>{b.title}</h3>
                <p>{b.infos}</p>
              </div>
              {locked && (
                <span className="qy-sub__lock" role="img" aria-label={PAY_MSG.locked}>
                  <LockIcon />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default SubscriptionPanel;

/** The panel: plain on its first view, its antd parts themed by themselves (themed.tsx). */
export function SubscriptionPanel() {
  return <Panel />;
}
