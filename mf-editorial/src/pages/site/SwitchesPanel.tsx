// 模块开关: the advert and hot read modules (getModularSwitch). A switch is set to the value chosen
// (the last one set wins) and the site follows at once.
import { toast } from '@qianyan/shared';
import { Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { problemOf } from './BannersPanel';
import { ST } from './messages';
import { ProblemAlert, type FormProblem } from './SiteForms';
import { siteApi, type SiteSwitch } from './siteApi';

export function SwitchesPanel() {
  const [list, setList] = useState<SiteSwitch[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  useEffect(() => {
    siteApi
      .switches({ silent: true })
      .then((r) => setList(r.results))
      .catch((err: unknown) => setProblem(problemOf(err)));
  }, []);

  const set = async (s: SiteSwitch, on: boolean) => {
    setBusy(s.moduleName);
    setProblem(null);
    try {
      const next = await siteApi.setSwitch(s.moduleName, on ? 1 : 0, { silent: true });
      setList((l) => l?.map((x) => (x.moduleName === next.moduleName ? next : x)) ?? null);
      toast.success(ST.switchChanged(s.label, on));
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="qy-ed-site__panel">
      <p className="qy-ed-site__hint">{ST.switchesHint}</p>
      <ProblemAlert problem={problem} />
      {!list && !problem && <Spin />}
      {list?.map((s) => (
        <div className="qy-ed-site__switch" key={s.moduleName}>
          <strong id={`qy-ed-switch-${s.moduleName}`}>{s.label}</strong>
          <Switch
            aria-labelledby={`qy-ed-switch-${s.moduleName}`}
            checked={s.switchValue === 1}
            loading={busy === s.moduleName}
            checkedChildren={ST.switchOn}
            unCheckedChildren={ST.switchOff}
            onChange={(on) => void set(s, on)}
          />
        </div>
      ))}
    </div>
  );
}
