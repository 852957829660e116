// 发布: the article's state and the workflow the caller's role opens for it now (the server's `can`):
// submit for review, back to draft, publish now, schedule (a time in Asia/Shanghai), withdraw.
import { ApiError, toast } from '@qianyan/shared';
import { Button, DatePicker, Descriptions, Modal, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { editorApi, type EditorArticle, type Transition } from '../../api';
import { ED_MSG } from '../../messages';
import { StateTag } from '../articles/ArticleListPage';
import { readerHref } from './readerHref';

const W = ED_MSG.workflow;

interface Props {
  article: EditorArticle;
  dirty: boolean;
  afterSave: (action: (saved: EditorArticle) => Promise<void>) => Promise<void>;
  onChanged: (article: EditorArticle) => void;
}

const when = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

export function PublishTab({ article, afterSave, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [publishAt, setPublishAt] = useState<Dayjs | null>(null);
  const can = article.can;
  const [modal, modalHolder] = Modal.useModal();

  const act = (key: string, label: string, call: (saved: EditorArticle) => Promise<EditorArticle>) => async () => {
    setBusy(key);
    try {
      await afterSave(async (saved) => {
        try {
          onChanged(await call(saved));
          toast.success(ED_MSG.actionDone(label));
        } catch (err) {
          toast.error(err instanceof ApiError || err instanceof Error ? err.message : String(err));
        }
      });
    } finally {
      setBusy(null);
    }
  };
  const transition = (action: Transition) => act(action, W[action], (saved) => editorApi.transition(action, saved.id, saved.revision, { silent: true }));
  const confirmThen = (content: string, run: () => Promise<void>) => () =>
    void modal.confirm({ title: content, okText: ED_MSG.ok, cancelText: ED_MSG.cancel, onOk: run });

  return (
    <div className="qy-ed-publish">
      {modalHolder}
      <Descriptions column={1} size="small" bordered className="qy-ed-publish__state">
        <Descriptions.Item label={ED_MSG.stateNow}>
          <StateTag state={article.state} label={article.stateLabel} />
        </Descriptions.Item>
        {article.state === 'scheduled' && <Descriptions.Item label={W.schedule}>{ED_MSG.scheduledFor(article.publishAtShanghai)}</Descriptions.Item>}
        <Descriptions.Item label={ED_MSG.firstPublished}>{article.state === 'published' || article.firstPublishedAt ? when(article.postdate) : '—'}</Descriptions.Item>
        {article.state === 'published' && article.document.permalinks && (
          <Descriptions.Item label={ED_MSG.readerLink}>
            <a href={readerHref(article.document)} target="_blank" rel="noopener noreferrer">
              {readerHref(article.document)}
            </a>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space wrap className="qy-ed-publish__actions">
        {can.submit && (
          <Button type="primary" loading={busy === 'submit'} onClick={() => void transition('submit')()}>
            {W.submit}
          </Button>
        )}
        {can.publish && (
          <Button type="primary" loading={busy === 'publish'} onClick={confirmThen(ED_MSG.confirmPublish, transition('publish'))}>
            {W.publish}
          </Button>
        )}
        {can.toDraft && (
          <Button loading={busy === 'toDraft'} onClick={() => void transition('toDraft')()}>
            {W.toDraft}
          </Button>
        )}
        {can.withdraw && (
          <Button danger loading={busy === 'withdraw'} onClick={confirmThen(ED_MSG.confirmWithdraw, transition('withdraw'))}>
            {W.withdraw}
          </Button>
        )}
      </Space>
      {can.schedule && (
        <div className="qy-ed-publish__schedule">
          <Typography.Text strong>{ED_MSG.scheduleAt}</Typography.Text>
          <Space wrap>
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format="YYYY-MM-DD HH:mm"
              value={publishAt}
              onChange={setPublishAt}
              aria-label={ED_MSG.scheduleAt}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            />
            <Button
              type="primary"
              ghost
              loading={busy === 'schedule'}
              onClick={() => {
                if (!publishAt) return toast.warning(ED_MSG.scheduleRequired);
                // The picked wall-clock time is Beijing time (the server reads 'YYYY-MM-DD HH:mm' as Asia/Shanghai).
                void act('schedule', W.schedule, (saved) => editorApi.schedule(saved.id, saved.revision, publishAt.format('YYYY-MM-DD HH:mm'), { silent: true }))();
              }}
            >
              {W.schedule}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
