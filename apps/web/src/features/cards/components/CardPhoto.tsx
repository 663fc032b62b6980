import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { CARD_IMAGE_TYPES, type Card } from '@dealflow/domain';
import { Button, Image, Popconfirm, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useCardImage, useDeleteCardImage, useUploadCardImage } from '../api/cardsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const ACCEPT = CARD_IMAGE_TYPES.map((type) => `image/${type}`).join(',');

/** The photo of the paper card: shown from the authorised route, uploaded and removed by editors. */
export function CardPhoto({ card, editable }: { card: Card | null; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const image = useCardImage(card);
  const upload = useUploadCardImage();
  const remove = useDeleteCardImage();

  return (
    <section className="card-photo" aria-labelledby="card-photo-title">
      <Typography.Title level={5} id="card-photo-title">
        {t('cards.photo.title')}
      </Typography.Title>
      {!card ? (
        <Typography.Text type="secondary">{t('cards.photo.saveFirst')}</Typography.Text>
      ) : (
        <>
          {card.image && image.data ? (
            <Image
              src={image.data}
              alt={t('cards.photo.alt', { name: card.name })}
              className="card-photo__image"
            />
          ) : (
            !card.image && (
              <Typography.Paragraph type="secondary">{t('cards.photo.none')}</Typography.Paragraph>
            )
          )}
          {editable && (
            <Space wrap className="card-photo__actions">
              <Upload
                accept={ACCEPT}
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    await upload.mutateAsync({ id: card.id, file: file as File });
                    message.success(t('cards.photo.uploaded'));
                    onSuccess?.(null);
                  } catch (error) {
                    message.error(errorContent(error));
                    onError?.(error as Error);
                  }
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
                  {card.image ? t('cards.photo.replace') : t('cards.photo.upload')}
                </Button>
              </Upload>
              {card.image && (
                <Popconfirm
                  title={t('cards.photo.remove')}
                  okButtonProps={{ danger: true }}
                  okText={t('cards.photo.remove')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(card.id);
                      message.success(t('cards.photo.removed'));
                    } catch (error) {
                      message.error(errorContent(error));
                    }
                  }}
                >
                  <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>
                    {t('cards.photo.remove')}
                  </Button>
                </Popconfirm>
              )}
              <Typography.Text type="secondary">{t('cards.photo.hint')}</Typography.Text>
            </Space>
          )}
        </>
      )}
    </section>
  );
}
