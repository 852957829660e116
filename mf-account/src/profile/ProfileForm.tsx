// The profile form (§2.8, §3 Profile, §5): used by the personal centre's edit mode and by step 3 of
// registration. Identity decides the role fields; the city comes first, then hospital or university.
import {
  api,
  EDUCATION_OPTIONS,
  getSession,
  IDENTITY_OPTIONS,
  JOB_LEVEL_OPTIONS,
  JOB_TITLE_OPTIONS,
  MSG,
  toast,
  updateSessionUser,
  type DepartmentNode,
  type Institution,
  type Profile,
  type ProfileDraft,
  type RegionNode,
} from '@qianyan/shared';
import { Alert, Button, Cascader, Checkbox, DatePicker, Form, Input, Radio, Select, TreeSelect } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PROFILE_TEXT as T } from './messages';
import {
  cityCodes,
  identityChangeReset,
  isFutureYear,
  profileFieldError,
  roleIdOf,
  toCompleteUserInfoBody,
  toFormValues,
  type ProfileFormValues,
} from './profileModel';
import { loadDepartmentTree, loadHospitals, loadRegionTree, loadUniversities } from './regionData';
import './profile.css';

export interface ProfileFormProps {
  /** The profile to start from (getUserInfo reply, or nothing for a new member). */
  initial?: Partial<Profile>;
  /** Called with the saved profile after 保存成功. */
  onSaved(profile: Profile): void;
  /** The submit button's text; 保存 by default. */
  submitText?: string;
  /** Shows a 取消 button when given. */
  onCancel?(): void;
}

/** An antd rule that asks the shared §5 rules about one field, given the whole form. */
const profileRule =
  (field: keyof ProfileDraft): FormRule =>
  (form) => ({
    validator: () => {
      const message = profileFieldError(form.getFieldsValue(true) as ProfileFormValues, field);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

const toOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

interface DepartmentOption {
  value: string;
  title: string;
  selectable: boolean;
  children?: DepartmentOption[];
}

/** The department tree for TreeSelect: only leaves can be chosen; the leaf's name is stored. */
export function departmentOptions(nodes: DepartmentNode[]): DepartmentOption[] {
  const seen = new Set<string>();
  const walk = (list: DepartmentNode[]): DepartmentOption[] =>
    list.map((n) => {
      const leaf = !n.children?.length;
      // Branches get a value of their own so they never clash with a leaf's name.
      let value = leaf ? n.name : `branch:${n.id}`;
      if (leaf && seen.has(value)) value = `dup:${n.id}:${n.name}`;
      seen.add(value);
      return {
        value,
        title: n.name,
        selectable: leaf,
        children: leaf ? undefined : walk(n.children!),
      };
    });
  return walk(nodes);
}

/** Stored value of a department option: its name (duplicates carry the name after the id). */
const divisionName = (value: string | undefined) => (value?.startsWith('dup:') ? value.split(':').slice(2).join(':') : value);

function useReference<T>(load: () => Promise<T>, attempt: number) {
  const [state, setState] = useState<{ data?: T; error?: Error }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data }),
      (error: Error) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  return state;
}

/** Hospitals (doctor) or universities (student) of the chosen city. */
function useInstitutions(form: FormInstance<ProfileFormValues>) {
  const identity = Form.useWatch('identity', form);
  const city = Form.useWatch('city', form) as string[] | undefined;
  const codes = cityCodes(city);
  const kind = identity === '执业医师' ? 'hospital' : identity === '医学生' ? 'university' : null;
  const key = kind && codes ? `${kind}:${codes.p_code}:${codes.c_code}` : null;
  const [state, setState] = useState<{ key: string | null; list: Institution[]; loading: boolean }>({
    key: null,
    list: [],
    loading: false,
  });
  useEffect(() => {
    if (!key || !codes || !kind) {
      setState({ key, list: [], loading: false });
      return;
    }
    let live = true;
    setState({ key, list: [], loading: true });
    const load = kind === 'hospital' ? loadHospitals : loadUniversities;
    load(codes.p_code, codes.c_code).then(
      (list) => live && setState({ key, list, loading: false }),
      () => live && setState({ key, list: [], loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { ...state, hasCity: !!codes };
}

/** Institution names as options, keeping a saved name that is not (or no longer) in the list. */
function institutionOptions(list: Institution[], current: string | undefined) {
  const names = list.map((i) => i.name);
  if (current && !names.includes(current)) names.unshift(current);
  return names.map((n) => ({ value: n, label: n }));
}

export function ProfileForm({ initial, onSaved, submitText = T.save, onCancel }: ProfileFormProps) {
  const [form] = Form.useForm<ProfileFormValues>();
  const initialValues = useMemo(() => toFormValues(initial), [initial]);
  const [attempt, setAttempt] = useState(0);
  const regions = useReference<RegionNode[]>(loadRegionTree, attempt);
  const departments = useReference<DepartmentNode[]>(loadDepartmentTree, attempt);
  const departmentTree = useMemo(() => departmentOptions(departments.data ?? []), [departments.data]);
  const institutions = useInstitutions(form);
  const identity = (Form.useWatch('identity', form) ?? initialValues.identity) as ProfileFormValues['identity'];
  const hospital = Form.useWatch('hospital', form) as string | undefined;
  const university = Form.useWatch('university', form) as string | undefined;
  const [saving, setSaving] = useState(false);

  const onValuesChange = (changed: Partial<ProfileFormValues>) => {
    // §4 identity change: keep name and city, reset the rest (the institutions reload for the city).
    if ('identity' in changed) form.setFieldsValue(identityChangeReset());
    // Hospitals and universities belong to a city: a new city clears the old choice.
    else if ('city' in changed) form.setFieldsValue({ hospital: undefined, university: undefined });
  };

  const onFinish = async (values: ProfileFormValues) => {
    const body = toCompleteUserInfoBody({ ...values, division: divisionName(values.division) });
    setSaving(true);
    try {
      const saved = await api.user.completeUserInfo(body);
      toast.success(MSG.saveSuccess);
      // The session user carries name and identity (course access checks read them).
      const session = getSession();
      if (session) {
        updateSessionUser({
          ...session.user,
          truename: saved?.truename ?? body.truename,
          identity: saved?.identity ?? body.identity,
          roleid: saved?.roleid ?? roleIdOf(values.identity),
          ifNeedUpdate: saved?.ifNeedUpdate ?? 0,
        });
      }
      onSaved(saved);
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const referenceFailed = regions.error || departments.error;
  const institutionDisabled = !institutions.hasCity;
  // The hospital and the university are chosen the same way: from the institutions of the city.
  const institutionSelect = (label: string, placeholder: string, current: string | undefined) => (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      disabled={institutionDisabled}
      loading={institutions.loading}
      placeholder={institutionDisabled ? T.hospitalNeedsCity : placeholder}
      options={institutionOptions(institutions.list, current)}
      notFoundContent={institutions.loading ? undefined : T.noInstitution}
      aria-label={label}
    />
  );

  return (
    <Form<ProfileFormValues>
      form={form}
      className="qy-profile-form"
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      scrollToFirstError
    >
      {referenceFailed && (
        <Alert
          className="qy-profile-form__alert"
          type="warning"
          showIcon
          title={T.referenceLoadFailed}
          action={
            <Button size="small" onClick={() => setAttempt((a) => a + 1)}>
              {T.retry}
            </Button>
          }
        />
      )}
      <Form.Item name="identity" label={T.identity} required>
        <Radio.Group optionType="button" buttonStyle="solid" className="qy-profile-form__identity">
          {IDENTITY_OPTIONS.map((o) => (
            <Radio.Button key={o} value={o}>
              {o}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>

      <div className="qy-profile-form__grid">
        <Form.Item name="truename" label={T.truename} required rules={[profileRule('truename')]}>
          <Input placeholder={T.truenamePlaceholder} maxLength={40} autoComplete="name" />
        </Form.Item>
        <Form.Item name="city" label={T.city} required rules={[profileRule('city')]}>
          <Cascader
            options={regions.data ?? []}
            fieldNames={{ label: 'name', value: 'code', children: 'children' }}
            placeholder={T.cityPlaceholder}
            loading={!regions.data && !regions.error}
            showSearch={{ filter: (input, path) => path.some((o) => String(o.name).includes(input.trim())) }}
            aria-label={T.city}
          />
        </Form.Item>

        {identity === '执业医师' && (
          <>
            <Form.Item name="hospital" label={T.hospital} required rules={[profileRule('hospital')]}>
              {institutionSelect(T.hospital, T.hospitalPlaceholder, hospital)}
            </Form.Item>
            <Form.Item name="division" label={T.division} required rules={[profileRule('division')]}>
              <TreeSelect
                treeData={departmentTree}
                placeholder={T.divisionPlaceholder}
                showSearch
                treeNodeFilterProp="title"
                loading={!departments.data && !departments.error}
                popupMatchSelectWidth={false}
                aria-label={T.division}
              />
            </Form.Item>
            <Form.Item name="joblevel" label={T.joblevel} required rules={[profileRule('joblevel')]}>
              <Select options={toOptions(JOB_LEVEL_OPTIONS)} placeholder={T.selectPlaceholder} aria-label={T.joblevel} />
            </Form.Item>
            <Form.Item name="jobname" label={T.jobname} required rules={[profileRule('jobname')]}>
              <Select options={toOptions(JOB_TITLE_OPTIONS)} placeholder={T.selectPlaceholder} aria-label={T.jobname} />
            </Form.Item>
          </>
        )}

        {identity === '医学生' && (
          <>
            <Form.Item name="university" label={T.university} required rules={[profileRule('university')]}>
              {institutionSelect(T.university, T.universityPlaceholder, university)}
            </Form.Item>
            <Form.Item name="majors" label={T.majors} required rules={[profileRule('majors')]}>
              <Input placeholder={T.majorsPlaceholder} maxLength={60} />
            </Form.Item>
            <Form.Item name="entranceYear" label={T.entranceYear} required rules={[profileRule('entranceYear')]}>
              <DatePicker
                picker="year"
                placeholder={T.entranceYearPlaceholder}
                disabledDate={(d) => isFutureYear(d)}
                inputReadOnly
                style={{ width: '100%' }}
                aria-label={T.entranceYear}
              />
            </Form.Item>
            <Form.Item name="qualification" label={T.qualification} required rules={[profileRule('qualification')]}>
              <Select options={toOptions(EDUCATION_OPTIONS)} placeholder={T.selectPlaceholder} aria-label={T.qualification} />
            </Form.Item>
          </>
        )}

        {identity === '其他' && (
          <>
            <Form.Item name="otherCompany" label={T.otherCompany} required rules={[profileRule('otherCompany')]}>
              <Input placeholder={T.otherCompanyPlaceholder} maxLength={80} />
            </Form.Item>
            <Form.Item name="otherDepartment" label={T.otherDepartment} required rules={[profileRule('otherDepartment')]}>
              <Input placeholder={T.otherDepartmentPlaceholder} maxLength={60} />
            </Form.Item>
            <Form.Item name="otherJobname" label={T.otherJobname} required rules={[profileRule('otherJobname')]}>
              <Input placeholder={T.otherJobnamePlaceholder} maxLength={60} />
            </Form.Item>
          </>
        )}
      </div>

      <fieldset className="qy-profile-form__consents">
        <legend>{T.consents}</legend>
        <Form.Item name="ifReceiveNejm" valuePropName="checked" noStyle>
          <Checkbox>{T.consentNejm}</Checkbox>
        </Form.Item>
        <Form.Item name="ifReceiveJh" valuePropName="checked" noStyle>
          <Checkbox>{T.consentJh}</Checkbox>
        </Form.Item>
        <Form.Item name="ifReceiveDsf" valuePropName="checked" noStyle>
          <Checkbox>{T.consentDsf}</Checkbox>
        </Form.Item>
      </fieldset>

      <div className="qy-profile-form__actions">
        <Button type="primary" htmlType="submit" loading={saving} size="large">
          {submitText}
        </Button>
        {onCancel && (
          <Button size="large" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}
