import { GlossaryScreen } from '@protokoll/ui';
import { SettingsFrame } from './settings-frame.tsx';
import { useGlossaryEditor } from './use-glossary-editor.ts';

/** `/settings/glossary`: the user's own glossary (docs/product.md#glossary). */
export function GlossaryRoute() {
  const editor = useGlossaryEditor();
  return (
    <SettingsFrame>
      <GlossaryScreen {...editor} />
    </SettingsFrame>
  );
}
