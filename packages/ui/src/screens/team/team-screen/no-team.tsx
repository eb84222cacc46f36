import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/card.tsx';
import { useTranslation } from 'react-i18next';

/** No team yet: what a team brings, and the upgrade to the plan that has one. */
export function NoTeam({ onUpgrade }: { onUpgrade: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-upsell">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.none.title')}</h2>
        </CardTitle>
        <CardDescription>{t('team.none.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-foreground">
          <li>{t('team.none.pool')}</li>
          <li>{t('team.none.private')}</li>
          <li>{t('team.none.overview')}</li>
        </ul>
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={onUpgrade}>{t('team.upgrade')}</Button>
      </CardFooter>
    </Card>
  );
}
