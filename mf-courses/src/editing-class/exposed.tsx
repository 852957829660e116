// What mf-courses exposes as './EditingClassBlock': the block inside this app's own antd theme,
// since it renders in another app's React tree (each app bundles its own antd).
import { ThemeScope } from '@qianyan/shared';
import { EditingClassBlock as Block } from './EditingClassBlock';

export function EditingClassBlock() {
  return (
    <ThemeScope>
      <Block />
    </ThemeScope>
  );
}

export default EditingClassBlock;
