import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { AD_WEEKLY_FEE_KOBO } from '../../../../shared/constants';
import { SUCCESS } from '../../../../shared/messages';
import { formatNaira } from '../../../../shared/money';
import { accountLines } from '../../../../shared/site';
import { AD_IMAGE_FORMATS, AD_IMAGE_MAX_BYTES, AD_IMAGE_MAX_SIZE, AD_IMAGE_SIZE, AD_IMAGE_TYPES, placeAdFields } from '../../../../shared/schemas/ads';
import { FileField } from '../../../components/file-field';
import { useFlash } from '../../../components/flash-context';
import { TextField } from '../../../components/form-field';
import { ButtonSpinner } from '../../../components/spinner';
import { SubmissionStatus } from '../../../components/submission-status';
import { uploadRefusal } from '../../../lib/prepare-upload';
import { useOnlinePayment } from '../../../lib/plans';
import { useSite } from '../../../lib/site';
import { usePlaceAd } from '../api/place-ad';

interface AdValues {
  linkUrl: string;
  altText: string;
  weeks: number;
  payment: 'slip' | 'online';
}

const FIELDS = ['linkUrl', 'altText', 'weeks'] as const;
const resolver = zodResolver(placeAdFields) as unknown as Resolver<AdValues>;
const IMAGE_TYPES: readonly string[] = AD_IMAGE_TYPES;
const SLIP_TYPES = /^(image\/|application\/pdf$)/;

/** The same limits the server applies, checked before a slow upload on mobile data. */
function imageProblem(file: File | null): string | null {
  if (!file) return 'Ad image is required';
  if (!IMAGE_TYPES.includes(file.type)) return `The ad image must be a ${AD_IMAGE_FORMATS} file`;
  return uploadRefusal(file, 'The ad image', AD_IMAGE_MAX_BYTES);
}

interface PlaceAdDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Place Your Ad, on the native <dialog> (focus trapped, Escape closes), like the confirm dialog. */
export function PlaceAdDialog({ open, onClose }: PlaceAdDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const flash = useFlash();
  const site = useSite().data;
  const place = usePlaceAd();
  const onlineAvailable = useOnlinePayment();
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [slip, setSlip] = useState<File | null>(null);
  const [slipError, setSlipError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AdValues>({ resolver, mode: 'onTouched', defaultValues: { linkUrl: '', altText: '', weeks: 1, payment: 'slip' } });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const weeks = Number(watch('weeks'));
  const validWeeks = Number.isInteger(weeks) && weeks >= 1 && weeks <= 52;
  const price = validWeeks ? formatNaira(AD_WEEKLY_FEE_KOBO * weeks) : '—';

  function chooseImage(file: File | null) {
    setImage(file);
    setImageError(file ? imageProblem(file) : null);
  }

  function chooseSlip(file: File | null) {
    setSlip(file);
    setSlipError(file && !SLIP_TYPES.test(file.type) ? 'The payment slip must be an image or a PDF' : file && uploadRefusal(file, 'The payment slip'));
  }

  // The key remounts the form so the file inputs forget their files too.
  const [formKey, setFormKey] = useState(0);

  function resetAndClose() {
    reset();
    setFormKey((key) => key + 1);
    setImage(null);
    setImageError(null);
    setSlip(null);
    setSlipError(null);
    place.reset();
    onClose();
  }

  function close() {
    if (!place.pending) resetAndClose();
  }

  const onSubmit = handleSubmit(
    (values) => {
      const problem = imageProblem(image);
      setImageError(problem);
      if (problem || !image || slipError) return;
      const online = values.payment === 'online';
      place.submit(
        { values, image, paymentSlip: online ? null : slip },
        {
          onSuccess: (data) => {
            // Paid online: the advert is saved, and Paystack's checkout is next.
            if (data.authorizationUrl) return window.location.assign(data.authorizationUrl);
            flash.showSuccess(data.message || SUCCESS.adPlaced);
            resetAndClose();
          },
          onError: (error) => {
            for (const { field, message } of error.fields ?? []) {
              if ((FIELDS as readonly string[]).includes(field)) setError(field as keyof AdValues, { message });
              if (field === 'imageUrl') setImageError(message);
              if (field === 'paymentSlip') setSlipError(message);
            }
          },
        },
      );
    },
    () => setImageError(imageProblem(image)),
  );

  return (
    <dialog ref={ref} className="dialog place-ad" aria-labelledby={titleId} onCancel={(event) => (place.pending ? event.preventDefault() : close())}>
      <h2 id={titleId} className="dialog__title">
        Place Your Ad
      </h2>
      <p className="place-ad__lead">
        Your banner appears on the homepage once staff approve it. {AD_IMAGE_FORMATS} images are accepted, at most {AD_IMAGE_MAX_SIZE}; it is shown at{' '}
        {AD_IMAGE_SIZE.width} × {AD_IMAGE_SIZE.height} pixels, so a wide image works best.
      </p>
      <form key={formKey} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FileField
          id="ad-image"
          label={`Ad image (${AD_IMAGE_FORMATS}, at most ${AD_IMAGE_MAX_SIZE})`}
          name="imageUrl"
          accept={AD_IMAGE_TYPES.join(',')}
          required
          error={imageError}
          onFiles={([file]) => chooseImage(file ?? null)}
        >
          {preview && !imageError && <img className="place-ad__preview" src={preview} alt="Preview of your ad" />}
        </FileField>
        <TextField label="Link URL" type="url" inputMode="url" placeholder="https://" required {...register('linkUrl')} error={errors.linkUrl?.message} />
        <TextField label="Alt Text" required hint="Describes the image for people who cannot see it" {...register('altText')} error={errors.altText?.message} />
        <TextField
          label="Weeks"
          type="number"
          inputMode="numeric"
          min={1}
          max={52}
          step={1}
          required
          hint={`${formatNaira(AD_WEEKLY_FEE_KOBO)} a week`}
          {...register('weeks')}
          error={errors.weeks?.message}
        />
        <p className="place-ad__price" aria-live="polite">
          Price: <strong data-testid="ad-price">{price}</strong>
          {validWeeks && ` (${weeks} × ${formatNaira(AD_WEEKLY_FEE_KOBO)})`}
        </p>
        <FileField
          id="ad-slip"
          label="Payment slip (photo or PDF)"
          name="paymentSlip"
          accept="image/*,application/pdf"
          error={slipError}
          hint={`Pay the price by bank transfer${
            site?.nairaAccount
              ? ` (${accountLines(site.nairaAccount, 'naira')
                  .map((line) => `${line.label}: ${line.value}`)
                  .join(', ')})`
              : ''
          } and attach the slip. Staff review it like the membership fee before your ad runs.`}
          onFiles={([file]) => chooseSlip(file ?? null)}
        />
        <SubmissionStatus submission={place.view} showProgress />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={close} disabled={place.pending}>
            Cancel
          </button>
          {onlineAvailable && (
            <button type="submit" className="button button--primary" disabled={place.pending} onClick={() => setValue('payment', 'online')}>
              Save and pay online {price}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={place.pending} onClick={() => setValue('payment', 'slip')}>
            {place.pending ? (
              <>
                <ButtonSpinner /> Saving...
              </>
            ) : (
              'Save Ad'
            )}
          </button>
        </div>
      </form>
    </dialog>
  );
}
