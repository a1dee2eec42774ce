import { Suspense, useState } from 'react';
import { FAILURE, SUCCESS } from '../../../../shared/messages';
import type { MemberAd } from '../../../../shared/schemas/ads';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFlash } from '../../../components/flash-context';
import { useSession } from '../../../lib/session';
import { OnlinePaymentNotice } from '../../../components/online-payment-notice';
import { useDeleteAd } from '../api/place-ad';
import { AdCard, AdFacts, AdImage } from './ad-card';
import { formatDay } from './format-date';
import { lazyNamed } from '../../../lib/lazy-named';
import './ads.css';

// The ad form brings the validation code (zod, libphonenumber: about 70 KB gzipped) that the rest
// of the dashboard does not need: it is fetched when the member reaches for the button.
const loadPlaceAdDialog = () => import('./place-ad-dialog');
const PlaceAdDialog = lazyNamed(loadPlaceAdDialog, 'PlaceAdDialog');

/**
 * The dashboard's Advertisements section, for activated members: the member's ad with where it
 * stands, Place Your Ad when there is no ad image, Delete Ad when there is one. A rejected or
 * ended ad can be replaced by a new one without deleting it first.
 */
export function MemberAdvert() {
  const { user } = useSession();
  const flash = useFlash();
  const remove = useDeleteAd();
  const [placing, setPlacing] = useState(false);
  // Mounted at the first Place Your Ad and kept, so the dialog closes and returns focus as before.
  const [dialogWanted, setDialogWanted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  if (!user) return null;
  const ad = user.ad;
  const hasImage = Boolean(ad?.imageUrl);
  const canPlace = !hasImage || ad?.status === 'rejected' || ad?.status === 'ended';

  function deleteAd() {
    remove.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        flash.showSuccess(data.message || SUCCESS.adDeleted);
      },
      onError: (error) => setDeleteError(error.message || FAILURE.adDelete),
    });
  }

  return (
    <section id="advert" className="dashboard__section" aria-labelledby="advert-title">
      <h2 id="advert-title" className="section-title">
        Advertisements
      </h2>
      <OnlinePaymentNotice paid="Payment received: your advert runs once our staff approve its content." />
      {ad && hasImage ? (
        <MemberAdCard ad={ad} />
      ) : (
        <p className="muted">Advertise on our homepage: your banner is seen by every visitor, for ₦5,000.00 a week once staff approve it.</p>
      )}
      <div className="ad-card__buttons">
        {canPlace && (
          <button
            type="button"
            className="button button--primary"
            onPointerDown={() => void loadPlaceAdDialog()}
            onFocus={() => void loadPlaceAdDialog()}
            onClick={() => {
              setDialogWanted(true);
              setPlacing(true);
            }}
          >
            Place Your Ad
          </button>
        )}
        {hasImage && (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Delete Ad
          </button>
        )}
      </div>
      {dialogWanted && (
        <Suspense fallback={null}>
          <PlaceAdDialog open={placing} onClose={() => setPlacing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete your ad?"
        message="Your ad is taken off the homepage and its image is deleted. A payment already made is not refunded."
        confirmLabel="Delete Ad"
        busy={remove.isPending}
        error={deleteError}
        onConfirm={deleteAd}
        onCancel={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
      />
    </section>
  );
}

const STATUS_LABEL = { pending: 'Pending review', running: 'Running', rejected: 'Rejected', ended: 'Ended' } as const;

function MemberAdCard({ ad }: { ad: MemberAd }) {
  const status = ad.status ?? 'pending';
  return (
    <AdCard label="Your ad" image={ad.imageUrl && <AdImage url={ad.imageUrl} altText={ad.altText ?? ''} />}>
      <p className={`badge ad-card__status ad-card__status--${status}`}>{STATUS_LABEL[status]}</p>
      <p className="ad-card__state">{describe(ad)}</p>
      <AdFacts
        ad={ad}
        facts={
          ad.weeks !== null && (
            <>
              <dt>Weeks paid for</dt>
              <dd>{ad.weeks}</dd>
            </>
          )
        }
      />
    </AdCard>
  );
}

function describe(ad: MemberAd): string {
  switch (ad.status) {
    case 'running':
      return `Your ad is approved and runs from ${formatDay(ad.startDate)} to ${formatDay(ad.endDate)}.`;
    case 'rejected':
      return `Your ad was not approved. Reason: ${sentence(ad.reason ?? 'not given')}`;
    case 'ended':
      return `Your ad ended on ${formatDay(ad.endDate)}. Place a new one to appear on the homepage again.`;
    default:
      return 'Your ad is pending review: staff check it and its payment, then it appears on the homepage.';
  }
}

/** Staff write the reason freely; end it with exactly one full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
