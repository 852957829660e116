// FAQ and the membership agreement (getsubscribeQaList: qa_lsit, xieyi). Drawn without antd; the
// agreement's dialog (antd's) loads when it is opened.
import { api, useApiQuery } from '@qianyan/shared/core';
import { PlainButton, PlainCollapse } from '@qianyan/shared/plain';
import { Suspense, useId, useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';
import { AgreementModal } from './lazyThemed';

export function FaqSection() {
  const headingId = useId();
  const qa = useApiQuery(() => api.program.getsubscribeQaList({ silent: true }), []);
  const [showAgreement, setShowAgreement] = useState(false);
  // Once opened, the dialog stays mounted, so that it can play its closing motion.
  const [agreementOpened, setAgreementOpened] = useState(false);
  if (!qa.data) return null;
  const { qa_lsit, xieyi } = qa.data;
  return (
    <section className="qy-sub__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qy-sub__heading">
        {PAY_FLOW_MSG.faqHeading}
      </h2>
      {qa_lsit.length > 0 && (
        <PlainCollapse
          className="qy-sub__faq"
          items={qa_lsit.map((q) => ({
            key: q.id,
            label: q.title,
            children: q.content.split(/\n+/).map((para, i) => <p key={i}>{para}</p>),
          }))}
        />
      )}
      {xieyi?.title && (
        <p className="qy-sub__agreement">
          {PAY_FLOW_MSG.agreementLead}
          <PlainButton
            variant="link"
            className="qy-sub__agreement-link"
            onClick={() => {
              setShowAgreement(true);
              setAgreementOpened(true);
            }}
          >
            《{xieyi.title}》
          </PlainButton>
        </p>
      )}
      {agreementOpened && (
        <Suspense fallback={null}>
          <AgreementModal open={showAgreement} title={xieyi?.title} html={xieyi?.content} onClose={() => setShowAgreement(false)} />
        </Suspense>
      )}
    </section>
  );
}
