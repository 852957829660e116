// FAQ and the membership agreement (getsubscribeQaList: qa_lsit, xieyi).
import { Button, Collapse, Modal } from 'antd';
import { api, RichHtml, useApiQuery } from '@qianyan/shared';
import { useId, useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';

export function FaqSection() {
  const headingId = useId();
  const qa = useApiQuery(() => api.program.getsubscribeQaList({ silent: true }), []);
  const [showAgreement, setShowAgreement] = useState(false);
  if (!qa.data) return null;
  const { qa_lsit, xieyi } = qa.data;
  return (
    <section className="qy-sub__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="qy-sub__heading">
        {PAY_FLOW_MSG.faqHeading}
      </h2>
      {qa_lsit.length > 0 && (
        <Collapse
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
          <Button type="link" className="qy-sub__agreement-link" onClick={() => setShowAgreement(true)}>
            《{xieyi.title}》
          </Button>
        </p>
      )}
      <Modal open={showAgreement} title={xieyi?.title} footer={null} onCancel={() => setShowAgreement(false)} width={640}>
        {/* The agreement is the operator's own HTML from the server. */}
        <RichHtml className="qy-sub__agreement-body" html={xieyi?.content} />
      </Modal>
    </section>
  );
}
