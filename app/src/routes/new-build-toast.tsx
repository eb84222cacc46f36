import { Toast, ToastAction, ToastProvider, ToastTitle, ToastViewport } from '@protokoll/ui';
import { useTranslation } from 'react-i18next';

/**
 * "A new version is available" with a reload button (docs/architecture.md#new-builds). Its own
 * chunk, loaded only once a new build is out; on every page, auth pages included.
 */
export function NewBuildToast({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ToastProvider>
      <Toast
        variant="info"
        duration={Infinity}
        data-testid="new-build-toast"
        action={
          <ToastAction altText={t('app.newVersion.reloadAlt')} onClick={() => location.reload()}>
            {t('app.newVersion.reload')}
          </ToastAction>
        }
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      >
        <ToastTitle>{t('app.newVersion.title')}</ToastTitle>
      </Toast>
      <ToastViewport />
    </ToastProvider>
  );
}
