import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { GlossaryEditor, type GlossaryEditorProps } from '../../widgets/glossary-editor.tsx';

export type GlossaryScreenProps = GlossaryEditorProps;

/** `/settings/glossary`: the user's own glossary (docs/product.md#glossary). */
export function GlossaryScreen(props: GlossaryScreenProps) {
  const { t } = useTranslation();
  return (
    <Card data-slot="glossary-screen">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('glossary.title')}</h2>
        </CardTitle>
        <CardDescription>{t('glossary.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <GlossaryEditor {...props} />
      </CardContent>
    </Card>
  );
}
