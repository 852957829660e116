// The desktop share choices of a page (spec §2.11 share bar): the messaging app's QR code (the shell's
// dialog) and the microblog's share page, as two buttons in their brands' colours.
import { openDialog } from '@qianyan/shared/core';
import { openWeiboShare } from '../share';
import { PlainButton } from './Button';
import { WechatIcon, WeiboIcon } from './icons';
import './shareTargets.css';

export function ShareTargets({
  url,
  title,
  labels,
  onDone,
  className,
}: {
  url: string;
  title: string;
  labels: { wechat: string; weibo: string };
  /** Called before the choice is acted on (a popover closes itself). */
  onDone: () => void;
  className?: string;
}) {
  return (
    <div className={className ? `qy-ui-share-targets ${className}` : 'qy-ui-share-targets'}>
      <PlainButton
        icon={<WechatIcon />}
        className="qy-ui-share-wechat"
        onClick={() => {
          onDone();
          openDialog('shareQr', { url, title });
        }}
      >
        {labels.wechat}
      </PlainButton>
      <PlainButton
        icon={<WeiboIcon />}
        className="qy-ui-share-weibo"
        onClick={() => {
          onDone();
          openWeiboShare(url, title);
        }}
      >
        {labels.weibo}
      </PlainButton>
    </div>
  );
}
